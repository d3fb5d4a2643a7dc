import { AppError } from '#shared/errors.ts';
import { formatPrice, gstShare } from '#shared/money.ts';
import { canCustomerCancel } from '#shared/order-states.ts';
import type { Order, PaymentInput, PaymentResult, PlaceOrderInput } from '#shared/schemas/orders.ts';
import { shippingFor } from '#shared/shipping.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db } from '#server/db/database.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { Mailer } from '#server/modules/mail/mailer.ts';
import { PAYMENT_WINDOW_MS, type OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';

interface Deps {
  db: Db;
  catalog: CatalogService;
  orders: OrdersService;
  payments: PaymentsService;
  users: UsersService;
  mailer: Mailer;
  store: StoreInfo;
  now?: () => Date;
  log?: (error: unknown, message: string) => void;
}

const list = (names: string[]) => names.join(', ');

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message ?? ''}`;
  return /23505|SQLITE_CONSTRAINT_UNIQUE|UNIQUE constraint failed|duplicate key/i.test(text);
}

/**
 * The checkout: cart → order → stock → payment, and the undoing of it (cancellation, expiry).
 * Each step says how it is undone: stock taken in the order's transaction is returned when the
 * order is cancelled or expires; a captured payment is refunded through the provider.
 */
export function createCheckoutService(deps: Deps) {
  const { db, catalog, orders, payments, users, mailer, store } = deps;
  const now = deps.now ?? (() => new Date());

  function itemLines(order: Order): string {
    return order.items.map((item) => `  ${item.quantity} × ${item.name} — ${formatPrice(item.lineTotal)} (sold by ${item.vendor.name})`).join('\n');
  }

  async function mail(to: string, subject: string, text: string): Promise<void> {
    try {
      await mailer.send({ to, subject, text: `${text}\n\n${store.name} · ${store.supportEmail} · ${store.phone}` });
    } catch (error) {
      // The order stands even if the mail cannot be written; it is logged for the operators.
      deps.log?.(error, `Could not send "${subject}" to ${to}`);
    }
  }

  async function markPaid(userId: string, email: string, orderId: number, paymentId: number): Promise<Order> {
    const moved = await orders.move(db, orderId, ['pending_payment'], 'confirmed', { paid_at: now().toISOString() });
    const order = await orders.get(userId, orderId);
    if (!moved) {
      // This capture came too late: the order was cancelled (it expired), or another payment
      // confirmed it first. Only this payment's money goes back.
      await payments.refundInFull(paymentId, order.status === 'cancelled' ? 'Order was cancelled before payment completed' : 'Order was already paid by another payment');
      if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This order was cancelled before the payment completed; the amount has been refunded');
      throw new AppError('CONFLICT', 'This order was already paid; this second payment has been refunded');
    }
    const address = order.address;
    await mail(
      email,
      `Your ${store.name} order ${order.number} is confirmed`,
      `Thank you for your order.\n\nOrder ${order.number}\n${itemLines(order)}\n\nTotal paid: ${formatPrice(order.total)} (includes GST of ${formatPrice(order.gst)})\n\nDelivering to:\n  ${address.name}, ${address.phone}\n  ${address.line1}${address.line2 ? `, ${address.line2}` : ''}\n  ${address.city}, ${address.state} ${address.pincode}`,
    );
    return order;
  }

  async function pendingOrder(userId: string, orderId: number): Promise<Order> {
    const order = await orders.get(userId, orderId);
    if (order.status !== 'pending_payment') {
      throw new AppError('CONFLICT', order.status === 'cancelled' ? 'This order has been cancelled' : 'This order has already been paid');
    }
    if (!order.canPay) throw new AppError('CONFLICT', 'The time to pay for this order has run out; it will be cancelled');
    return order;
  }

  /**
   * Cancels an order: status, fulfilments, stock and waiting payments in one transaction that
   * re-checks, inside it, that nothing has shipped; then refunds what was captured, from fresh
   * payment rows, once the cancellation has committed.
   */
  async function cancelOrder(order: Order, reason: string, from: ReadonlyArray<'pending_payment' | 'confirmed'>): Promise<boolean> {
    const cancelled = await db.transaction().execute(async (tx) => {
      if (!(await orders.move(tx, order.id, from, 'cancelled', { cancelled_at: now().toISOString(), cancel_reason: reason }))) return false;
      const fulfilments = await orders.fulfilmentStatuses(order.id, tx);
      if (!canCustomerCancel('confirmed', fulfilments)) throw new AppError('CONFLICT', 'This order can no longer be cancelled');
      await orders.cancelOpenFulfilments(tx, order.id);
      await catalog.returnStock(order.items, tx);
      await payments.abandon(await payments.ofOrders([order.id], tx), reason, tx);
      return true;
    });
    if (!cancelled) return false;
    for (const payment of await payments.ofOrders([order.id])) {
      try {
        await payments.refundInFull(payment.id, reason);
      } catch (error) {
        deps.log?.(error, `Refund of payment ${payment.id} for cancelled order ${order.id} failed; it can be retried`);
      }
    }
    return true;
  }

  return {
    /** Places the order: re-priced, stock taken, one order per idempotency key. */
    async placeOrder(userId: string, input: PlaceOrderInput): Promise<{ order: Order; created: boolean }> {
      const existing = await orders.findIdByIdempotencyKey(userId, input.idempotencyKey);
      if (existing !== undefined) return { order: await orders.get(userId, existing), created: false };

      const ids = input.items.map((line) => line.productId);
      if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', 'Each product may appear only once in an order');
      const address = await users.findAddress(userId, input.addressId);
      if (!address) throw new AppError('VALIDATION_FAILED', 'Please choose one of your saved delivery addresses');

      try {
        const orderId = await db.transaction().execute(async (tx) => {
          const products = new Map((await catalog.findPurchasable(ids, tx)).map((p) => [p.id, p]));
          const unavailable = ids.filter((id) => !products.has(id));
          if (unavailable.length > 0) {
            const names = await catalog.names(unavailable, tx);
            throw new AppError('CONFLICT', `These items are no longer available: ${list(unavailable.map((id) => names.get(id) ?? `product ${id}`))}`, { productIds: unavailable });
          }
          const short = await catalog.takeStock(input.items, tx);
          if (short.length > 0) {
            throw new AppError(
              'CONFLICT',
              `Not enough stock for: ${list(short.map((id) => { const p = products.get(id)!; return p.stock > 0 ? `${p.name} (only ${p.stock} left)` : `${p.name} (out of stock)`; }))}`,
              { productIds: short },
            );
          }
          const lines = input.items.map((line) => {
            const product = products.get(line.productId)!;
            return { product, quantity: line.quantity, lineTotal: product.price * line.quantity };
          });
          const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
          const shipping = shippingFor(subtotal);
          const total = subtotal + shipping;
          const at = now().toISOString();
          const { name, phone, line1, line2, city, state, pincode } = address;
          const orderId = await orders.insertOrder(tx, {
            userId,
            idempotencyKey: input.idempotencyKey,
            subtotal,
            shipping,
            gst: gstShare(total),
            total,
            address: JSON.stringify({ name, phone, line1, line2, city, state, pincode }),
            at,
          });
          const fulfilmentOf = new Map<number, number>();
          for (const line of lines) {
            const vendor = line.product.vendor;
            if (!fulfilmentOf.has(vendor.id)) fulfilmentOf.set(vendor.id, await orders.insertFulfilment(tx, { orderId, vendorId: vendor.id, vendorName: vendor.name, at }));
          }
          await orders.insertItems(
            tx,
            lines.map((line) => ({
              orderId,
              fulfilmentId: fulfilmentOf.get(line.product.vendor.id)!,
              productId: line.product.id,
              vendorId: line.product.vendor.id,
              name: line.product.name,
              image: line.product.images[0] ?? null,
              unitPrice: line.product.price,
              quantity: line.quantity,
              lineTotal: line.lineTotal,
            })),
          );
          return orderId;
        });
        return { order: await orders.get(userId, orderId), created: true };
      } catch (error) {
        // The same checkout submitted twice at once: the second finds the first's order.
        if (isUniqueViolation(error)) {
          const id = await orders.findIdByIdempotencyKey(userId, input.idempotencyKey);
          if (id !== undefined) return { order: await orders.get(userId, id), created: false };
        }
        throw error;
      }
    },

    /** Pays (or retries paying) for an order awaiting payment, with any method. */
    async pay(caller: { id: string; email: string }, orderId: number, input: PaymentInput): Promise<PaymentResult> {
      const order = await pendingOrder(caller.id, orderId);
      const { payment, next } = await payments.start(order.id, order.total, input);
      const status = next === 'done' ? (await markPaid(caller.id, caller.email, order.id, payment.id)).status : 'pending_payment';
      return { payment, next, orderStatus: status };
    },

    /** The OTP for a card payment, or the bank page's answer for Net Banking. */
    async confirm(caller: { id: string; email: string }, paymentId: number, confirmation: { otp: string } | { bankOutcome: 'success' | 'failure' }): Promise<PaymentResult> {
      const payment = await payments.find(paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      await pendingOrder(caller.id, payment.orderId); // 404 for someone else's payment
      const result = await payments.confirm(paymentId, confirmation);
      const status = result.next === 'done' ? (await markPaid(caller.id, caller.email, payment.orderId, paymentId)).status : 'pending_payment';
      return { payment: result.payment, next: result.next, orderStatus: status };
    },

    async paymentForCaller(userId: string, paymentId: number) {
      const payment = await payments.find(paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      const order = await orders.get(userId, payment.orderId);
      return { payment, order: { id: order.id, number: order.number, total: order.total, status: order.status } };
    },

    /** The customer's cancellation: refunded in full when paid, stock returned, a mail written. */
    async cancel(caller: { id: string; email: string }, orderId: number): Promise<Order> {
      const order = await orders.get(caller.id, orderId);
      if (!order.canCancel) throw new AppError('CONFLICT', 'This order can no longer be cancelled');
      if (!(await cancelOrder(order, 'Cancelled by the customer', ['pending_payment', 'confirmed']))) throw new AppError('CONFLICT', 'This order can no longer be cancelled');
      const cancelled = await orders.get(caller.id, orderId);
      const refunded = cancelled.payments.reduce((sum, p) => sum + p.refundedAmount, 0);
      await mail(
        caller.email,
        `Your ${store.name} order ${order.number} is cancelled`,
        `Order ${order.number} has been cancelled.\n${itemLines(order)}\n\n${refunded > 0 ? `A refund of ${formatPrice(refunded)} has been issued to your original payment method.` : 'No payment was taken.'}`,
      );
      return cancelled;
    },

    /** A return request within 10 days of delivery; the vendor and admin side comes later. */
    async requestReturn(caller: { id: string; email: string }, orderId: number, reason: string): Promise<Order> {
      const order = await orders.get(caller.id, orderId);
      if (!order.canReturn) throw new AppError('CONFLICT', 'A return can be requested within 10 days of delivery of the whole order');
      if (!(await orders.move(db, orderId, ['confirmed'], 'return_requested', { return_reason: reason, return_requested_at: now().toISOString() }))) {
        throw new AppError('CONFLICT', 'A return has already been requested for this order');
      }
      await mail(caller.email, `Return requested for order ${order.number}`, `We have received your return request for order ${order.number}.\nReason: ${reason}\n\nWe will arrange a pickup within 48 hours.`);
      return orders.get(caller.id, orderId);
    },

    /** After a full refund by an admin: an order that has not shipped is cancelled and its stock returned. */
    async cancelAfterFullRefund(orderId: number): Promise<boolean> {
      const order = await orders.getById(orderId);
      if (order.status !== 'confirmed' || order.payments.some((p) => p.status === 'captured' || p.status === 'partially_refunded')) return false;
      try {
        return await cancelOrder(order, 'Refunded in full by the store', ['confirmed']);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') return false; // shipped: the order stands
        throw error;
      }
    },

    /** Cancels orders left unpaid past the payment window and returns their stock. */
    async expireUnpaid(): Promise<number> {
      const due = await orders.unpaidBefore(new Date(now().getTime() - PAYMENT_WINDOW_MS));
      let expired = 0;
      for (const { id, userId } of due) {
        // Only an order still unpaid expires; one paid a moment ago is left alone.
        if (await cancelOrder(await orders.get(userId, id), 'Payment was not completed within 30 minutes', ['pending_payment'])) expired++;
      }
      return expired;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
