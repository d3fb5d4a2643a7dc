import { AppError } from '#shared/errors.ts';
import { orderNumber } from '#shared/order-number.ts';
import { canCustomerCancel, canTransitionOrder, displayStatus, type OrderStatus } from '#shared/order-states.ts';
import { isLiveReturn, isOpenReturn, returnWindowEnds, withinReturnWindow } from '#shared/returns.ts';
import type { Order, OrderReturn, OrderSummary } from '#shared/schemas/orders.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { InvoicesService } from '#server/modules/invoices/invoices.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import * as orderLines from './order-lines.repository.ts';
import * as repository from './orders.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/** An unpaid order is held this long, then cancelled and its stock returned. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/**
 * What the orders read of their returns. The returns module provides it (returns/returns-reader.ts,
 * wired in app.ts): returns are of orders, so that module imports this one and never the other way.
 */
export interface OrderReturnsReader {
  /** The orders' returns, oldest first, as their customer sees them (photos included). */
  ofOrders(orderIds: readonly number[], tx: DbOrTx): Promise<Array<OrderReturn & { orderId: number }>>;
  /** What returns are of, by id: their order and the product of their line (its name as ordered). */
  subjects(ids: readonly number[]): Promise<Array<{ id: number; orderId: number; productId: number; name: string }>>;
  /** A seller's returns refunded in a period, oldest first. */
  vendorRefunded(vendorId: number, from: Date, to: Date): Promise<VendorRefundedReturn[]>;
}

/** A refunded return as a seller's settlement counts it. */
export interface VendorRefundedReturn {
  orderId: number;
  name: string;
  quantity: number;
  refundedAt: string | null;
  vendorDeduction: number;
}

export function createOrdersService({
  db,
  payments,
  invoices,
  returns: returnsReader,
  now = () => new Date(),
}: {
  db: Db;
  payments: PaymentsService;
  invoices: InvoicesService;
  returns: OrderReturnsReader;
  now?: () => Date;
}) {
  /** Orders with their items, fulfilments (with their invoices and credit notes), payments and returns, in six queries whatever their number. */
  async function assemble(rows: readonly OrderRow[], tx: DbOrTx = db): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    const [items, fulfilments, paymentList, creditNotes, returnRows] = await Promise.all([
      repository.itemsOf(tx, ids),
      repository.fulfilmentsOf(tx, ids),
      payments.ofOrders(ids, tx),
      invoices.creditNotesOf({ orderIds: ids }, tx),
      returnsReader.ofOrders(ids, tx),
    ]);
    const moment = now();
    return rows.map((row) => {
      const own = fulfilments.filter((f) => f.orderId === row.id);
      const statuses = own.map((f) => f.status);
      const payBy = row.status === 'pending_payment' ? new Date(new Date(row.createdAt).getTime() + PAYMENT_WINDOW_MS) : null;
      // A guest's request from /track whose confirmation link expired is gone (the housekeeping deletes it soon).
      const returns = returnRows.filter(
        (ret) => ret.orderId === row.id && (!ret.confirmBy || new Date(ret.confirmBy).getTime() > moment.getTime()),
      );
      const confirmed = returns.filter((ret) => !ret.confirmBy);
      const orderItems = items.filter((item) => item.orderId === row.id);
      /** A delivered line, within 10 days of its delivery and not a replacement, less the units already in a return. */
      const returnable = (item: (typeof orderItems)[number]) => {
        const deliveredAt = own.find((f) => f.id === item.fulfilmentId && f.status === 'delivered')?.deliveredAt ?? null;
        if (row.status !== 'confirmed' || item.replacesItemId || !withinReturnWindow(deliveredAt, moment)) return 0;
        const taken = confirmed
          .filter((ret) => ret.orderItemId === item.id && isLiveReturn(ret.status))
          .reduce((sum, ret) => sum + ret.quantity, 0);
        return Math.max(0, item.quantity - taken);
      };
      const refundedUnits = (itemId: number | undefined) =>
        returns.filter((ret) => ret.orderItemId === itemId && ret.status === 'refunded').reduce((sum, ret) => sum + ret.quantity, 0);
      // A return open on any line shows on the order; every unit bought refunded, the order reads Refunded.
      const paidItems = orderItems.filter((item) => !item.replacesItemId);
      const shown = confirmed.some((ret) => isOpenReturn(ret.status))
        ? 'Return requested'
        : row.status === 'confirmed' && paidItems.length > 0 && paidItems.every((item) => refundedUnits(item.id) >= item.quantity)
          ? 'Refunded'
          : displayStatus(row.status, statuses);
      const itemList = orderItems.map((item) => ({ item, returnableQuantity: returnable(item) }));
      return {
        id: row.id,
        number: orderNumber(row.id),
        status: row.status,
        displayStatus: shown,
        orderDate: row.createdAt,
        items: itemList.map(({ item, returnableQuantity }) => ({
          id: item.id!,
          returnableQuantity,
          returnBy: item.replacesItemId
            ? null
            : returnWindowEnds(own.find((f) => f.id === item.fulfilmentId && f.status === 'delivered')?.deliveredAt ?? null),
          replacementFor: item.replacesItemId ?? null,
          productId: item.productId,
          offerId: item.offerId,
          name: item.name,
          image: item.image,
          unitPrice: item.unitPrice,
          quantity: item.quantity,
          lineTotal: item.lineTotal,
          discount: item.discount,
          vendor: { id: item.vendorId, name: own.find((f) => f.id === item.fulfilmentId)?.vendorName ?? '' },
        })),
        subtotal: row.subtotal,
        discount: row.discount,
        coupon: row.coupon,
        shipping: row.shipping,
        gst: row.gst,
        total: row.total,
        address: JSON.parse(row.address) as Order['address'],
        fulfilments: own.map((f) => ({
          id: f.id,
          vendor: { id: f.vendorId, name: f.vendorName },
          status: f.status,
          packedAt: f.packedAt,
          shippedAt: f.shippedAt,
          deliveredAt: f.deliveredAt,
          carrier: f.carrier,
          trackingNumber: f.trackingNumber,
          invoice: f.invoice,
          creditNotes: creditNotes.filter((note) => note.invoiceId === f.invoice?.id).map((note) => ({ id: note.id, number: note.number })),
        })),
        payments: paymentList.filter((p) => p.orderId === row.id),
        canCancel: canCustomerCancel(row.status, statuses),
        canReturn: itemList.some((entry) => entry.returnableQuantity > 0),
        canPay: payBy !== null && payBy.getTime() > now().getTime(),
        payBy: payBy?.toISOString() ?? null,
        cancelledAt: row.cancelledAt,
        returnReason: row.returnReason,
        returns: returns.map(({ orderId: _orderId, ...ret }) => ret),
        buyerGst: row.buyerGst,
      };
    });
  }

  async function get(userId: string, id: number, tx: DbOrTx = db): Promise<Order> {
    const row = await repository.findOrder(tx, userId, id);
    // Someone else's order and a missing one look the same.
    if (!row) throw new AppError('NOT_FOUND', 'Order not found');
    const [order] = await assemble([row], tx);
    return order!;
  }

  return {
    get,

    /** Any order by id, for the admin. */
    async getById(id: number, tx: DbOrTx = db): Promise<Order & { userId: string }> {
      const row = await repository.findOrderById(tx, id);
      if (!row) throw new AppError('NOT_FOUND', 'Order not found');
      const [order] = await assemble([row], tx);
      return { ...order!, userId: row.userId };
    },

    /** The user's orders, newest first by order date (spec section 7). */
    async list(userId: string): Promise<OrderSummary[]> {
      const orders = await assemble(await repository.listOrders(db, userId));
      return orders.map((order) => ({
        id: order.id,
        number: order.number,
        status: order.status,
        displayStatus: order.displayStatus,
        orderDate: order.orderDate,
        total: order.total,
        itemCount: order.items.reduce((sum, item) => sum + item.quantity, 0),
        thumbnails: order.items.slice(0, 4).map((item) => ({ name: item.name, image: item.image })),
      }));
    },

    /** Every order of the user in full, newest first: their copy of their data (see the privacy module). */
    allOf: async (userId: string): Promise<Order[]> => assemble(await repository.listOrders(db, userId, Number.MAX_SAFE_INTEGER)),

    /** The order with this id whose customer's e-mail is this one, or undefined (a wrong number and a wrong e-mail look the same). */
    async findByEmail(id: number, email: string): Promise<(Order & { userId: string }) | undefined> {
      const row = await repository.findOrderByEmail(db, id, email.trim().toLowerCase());
      return row ? { ...(await assemble([row]))[0]!, userId: row.userId } : undefined;
    },
    reassign: (tx: DbOrTx, fromUserIds: readonly string[], toUserId: string) => repository.reassignOrders(tx, fromUserIds, toUserId),

    /** How many orders of these owners are in one of these statuses (a first-order coupon's check). */
    countOf: (userIds: readonly string[], statuses: readonly OrderStatus[], tx: DbOrTx = db) =>
      repository.countOrdersOf(tx, userIds, statuses),
    findIdByIdempotencyKey: (userId: string, key: string, tx?: DbOrTx) => repository.findOrderIdByIdempotencyKey(tx ?? db, userId, key),
    insertOrder: repository.insertOrder,
    insertFulfilment: repository.insertFulfilment,
    insertItems: repository.insertItems,
    /**
     * Moves an order from one of the given statuses to another. Every move is checked against the
     * shared state machine; the guarded update then makes sure no other request moved it first.
     */
    async move(
      tx: DbOrTx,
      id: number,
      from: readonly OrderStatus[],
      to: OrderStatus,
      extra?: Parameters<typeof repository.moveOrder>[4],
    ): Promise<boolean> {
      const illegal = from.filter((status) => !canTransitionOrder(status, to));
      if (illegal.length > 0) throw new AppError('CONFLICT', `An order cannot go from ${illegal.join(', ')} to ${to}`);
      return repository.moveOrder(tx, id, from, to, extra);
    },
    /** Takes the order's row for the transaction (see the repository) and says its status. */
    hold: (tx: DbOrTx, id: number) => repository.holdOrder(tx, id),
    cancelOpenFulfilments: repository.cancelOpenFulfilments,
    /** The orders' lines (a replacement's too), in the caller's transaction. */
    itemsOf: (orderIds: readonly number[], tx: DbOrTx) => repository.itemsOf(tx, orderIds),
    /** The shipments' lines. */
    itemsOfFulfilments: (fulfilmentIds: readonly number[], tx: DbOrTx) => repository.itemsOfFulfilments(tx, fulfilmentIds),
    /** The orders' shipments, each with its tax invoice. */
    fulfilmentsOf: (orderIds: readonly number[], tx: DbOrTx) => repository.fulfilmentsOf(tx, orderIds),
    moveFulfilment: repository.moveFulfilment,
    /** The order's coupon as it was applied, if any. */
    couponOf: async (orderId: number, tx: DbOrTx) => (await repository.findOrderById(tx, orderId))?.coupon ?? null,
    /** What the order charged for shipping (paise). */
    shippingOf: async (orderId: number, tx: DbOrTx) => (await repository.findOrderById(tx, orderId))?.shipping ?? 0,
    unpaidBefore: (before: Date) => repository.unpaidBefore(db, before),
    fulfilmentStatuses: async (orderId: number, tx?: DbOrTx) => (await repository.fulfilmentsOf(tx ?? db, [orderId])).map((f) => f.status),
    offersWithOrders: (offerIds: readonly number[]) => orderLines.offersWithOrders(db, offerIds),
    vendorPaidLines: (vendorId: number, from: Date, to: Date) => orderLines.vendorPaidLines(db, vendorId, from, to),
    vendorDeliveredLines: (vendorId: number, from: Date, to: Date) => orderLines.vendorDeliveredLines(db, vendorId, from, to),
    /** The seller's returns refunded in a period, for settlements: what comes off its payable. */
    vendorRefundedReturns: (vendorId: number, from: Date, to: Date) => returnsReader.vendorRefunded(vendorId, from, to),
    awaitingPacking: (vendorId: number) => repository.awaitingPacking(db, vendorId),
    /** What returns are of, by id, for the audit log: the order's number and the product (by its name as ordered); a return that is gone is left out. */
    returnSubjects: async (ids: readonly number[]): Promise<Map<number, { orderNumber: string; productId: number; productName: string }>> =>
      new Map(
        (await returnsReader.subjects(ids)).map((row) => [
          row.id,
          { orderNumber: orderNumber(row.orderId), productId: row.productId, productName: row.name },
        ]),
      ),
    /** The customer's latest delivered line of a product (its seller and name), if any: who may review it. */
    latestDeliveredLine: (userId: string, productId: number, tx?: DbOrTx) => orderLines.latestDeliveredLine(tx ?? db, userId, productId),
    /** Whether anything the customer ordered was delivered to them. */
    hasDeliveredLine: (userId: string, tx?: DbOrTx) => orderLines.hasDeliveredLine(tx ?? db, userId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
