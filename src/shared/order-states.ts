/**
 * The order lifecycle, one state machine for the whole store.
 *
 *   pending_payment → confirmed → (each vendor's fulfilment: pending → packed → shipped → delivered)
 *   cancelled from pending_payment, or from confirmed while no fulfilment has shipped
 *   after delivery, within the return window: return_requested → returned → refunded
 *   (the order-level return of before; a return is now of units of one line and has
 *   states of its own, in returns.ts: the order stays confirmed and reads "Return requested" while
 *   one is open. Migration 0030 moved order-level requests there.)
 *
 * An order holds items of several vendors; each vendor fulfils its own. What the shopper sees
 * ("Partially shipped", …) is derived from the fulfilments.
 */

export const ORDER_STATUSES = ['pending_payment', 'confirmed', 'cancelled', 'return_requested', 'returned', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FULFILMENT_STATUSES = ['pending', 'packed', 'shipped', 'delivered', 'cancelled'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['confirmed', 'cancelled'],
  confirmed: ['cancelled', 'return_requested'],
  cancelled: [],
  return_requested: ['returned', 'confirmed'],
  returned: ['refunded'],
  refunded: [],
};

const FULFILMENT_TRANSITIONS: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  pending: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function canTransitionFulfilment(from: FulfilmentStatus, to: FulfilmentStatus): boolean {
  return FULFILMENT_TRANSITIONS[from].includes(to);
}

/** Cancellation by the customer: before payment, or after it while nothing has shipped. */
export function canCustomerCancel(order: OrderStatus, fulfilments: readonly FulfilmentStatus[]): boolean {
  if (order === 'pending_payment') return true;
  return order === 'confirmed' && fulfilments.every((status) => status === 'pending' || status === 'packed');
}

export const RETURN_WINDOW_MS = 10 * 24 * 60 * 60 * 1000;

/** A return may be requested once every fulfilment is delivered, within 10 days of the last delivery. */
export function canRequestReturn(
  order: OrderStatus,
  fulfilments: ReadonlyArray<{ status: FulfilmentStatus; deliveredAt: string | null }>,
  now: Date,
): boolean {
  if (order !== 'confirmed' || fulfilments.length === 0) return false;
  if (!fulfilments.every((f) => f.status === 'delivered' && f.deliveredAt)) return false;
  const lastDelivery = Math.max(...fulfilments.map((f) => new Date(f.deliveredAt as string).getTime()));
  return now.getTime() - lastDelivery <= RETURN_WINDOW_MS;
}

export type DisplayStatus =
  | 'Awaiting payment'
  | 'Confirmed'
  | 'Packed'
  | 'Partially shipped'
  | 'Shipped'
  | 'Partially delivered'
  | 'Delivered'
  | 'Cancelled'
  | 'Return requested'
  | 'Returned'
  | 'Refunded';

/** What the shopper sees, from the order's status and its fulfilments. */
export function displayStatus(order: OrderStatus, fulfilments: readonly FulfilmentStatus[]): DisplayStatus {
  switch (order) {
    case 'pending_payment':
      return 'Awaiting payment';
    case 'cancelled':
      return 'Cancelled';
    case 'return_requested':
      return 'Return requested';
    case 'returned':
      return 'Returned';
    case 'refunded':
      return 'Refunded';
    case 'confirmed': {
      const live = fulfilments.filter((status) => status !== 'cancelled');
      if (live.length === 0) return 'Confirmed';
      const count = (status: FulfilmentStatus) => live.filter((s) => s === status).length;
      if (count('delivered') === live.length) return 'Delivered';
      if (count('delivered') > 0) return 'Partially delivered';
      if (count('shipped') === live.length) return 'Shipped';
      if (count('shipped') > 0) return 'Partially shipped';
      if (count('packed') === live.length) return 'Packed';
      return 'Confirmed';
    }
  }
}
