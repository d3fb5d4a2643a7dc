import { AppError } from '#shared/errors.ts';
import { canCustomerCancel, canRequestReturn, canTransitionOrder, displayStatus, type OrderStatus } from '#shared/order-states.ts';
import type { Order, OrderSummary } from '#shared/schemas/orders.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { InvoicesService } from '#server/modules/invoices/invoices.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import * as repository from './orders.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/** An unpaid order is held this long, then cancelled and its stock returned. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

export function orderNumber(id: number): string {
  return `CB${String(id).padStart(8, '0')}`;
}

export function createOrdersService({ db, payments, invoices, now = () => new Date() }: { db: Db; payments: PaymentsService; invoices: InvoicesService; now?: () => Date }) {
  /** Orders with their items, fulfilments (with their invoices and credit notes) and payments, in four queries whatever their number. */
  async function assemble(rows: readonly OrderRow[], tx: DbOrTx = db): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    const [items, fulfilments, paymentList, creditNotes] = await Promise.all([
      repository.itemsOf(tx, ids),
      repository.fulfilmentsOf(tx, ids),
      payments.ofOrders(ids, tx),
      invoices.creditNotesOf({ orderIds: ids }, tx),
    ]);
    return rows.map((row) => {
      const own = fulfilments.filter((f) => f.orderId === row.id);
      const statuses = own.map((f) => f.status);
      const payBy = row.status === 'pending_payment' ? new Date(new Date(row.createdAt).getTime() + PAYMENT_WINDOW_MS) : null;
      return {
        id: row.id,
        number: orderNumber(row.id),
        status: row.status,
        displayStatus: displayStatus(row.status, statuses),
        orderDate: row.createdAt,
        items: items
          .filter((item) => item.orderId === row.id)
          .map((item) => ({
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
        canReturn: canRequestReturn(row.status, own, now()),
        canPay: payBy !== null && payBy.getTime() > now().getTime(),
        payBy: payBy?.toISOString() ?? null,
        cancelledAt: row.cancelledAt,
        returnReason: row.returnReason,
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
    async findByEmail(id: number, email: string): Promise<Order | undefined> {
      const row = await repository.findOrderByEmail(db, id, email.trim().toLowerCase());
      return row ? (await assemble([row]))[0] : undefined;
    },
    reassign: (tx: DbOrTx, fromUserIds: readonly string[], toUserId: string) => repository.reassignOrders(tx, fromUserIds, toUserId),
    findIdByIdempotencyKey: (userId: string, key: string, tx?: DbOrTx) => repository.findOrderIdByIdempotencyKey(tx ?? db, userId, key),
    insertOrder: repository.insertOrder,
    insertFulfilment: repository.insertFulfilment,
    insertItems: repository.insertItems,
    /**
     * Moves an order from one of the given statuses to another. Every move is checked against the
     * shared state machine; the guarded update then makes sure no other request moved it first.
     */
    async move(tx: DbOrTx, id: number, from: readonly OrderStatus[], to: OrderStatus, extra?: Parameters<typeof repository.moveOrder>[4]): Promise<boolean> {
      const illegal = from.filter((status) => !canTransitionOrder(status, to));
      if (illegal.length > 0) throw new AppError('CONFLICT', `An order cannot go from ${illegal.join(', ')} to ${to}`);
      return repository.moveOrder(tx, id, from, to, extra);
    },
    /** Takes the order's row for the transaction (see the repository) and says its status. */
    hold: (tx: DbOrTx, id: number) => repository.holdOrder(tx, id),
    cancelOpenFulfilments: repository.cancelOpenFulfilments,
    unpaidBefore: (before: Date) => repository.unpaidBefore(db, before),
    fulfilmentStatuses: async (orderId: number, tx?: DbOrTx) => (await repository.fulfilmentsOf(tx ?? db, [orderId])).map((f) => f.status),
    offersWithOrders: (offerIds: readonly number[]) => repository.offersWithOrders(db, offerIds),
    vendorPaidLines: (vendorId: number, from: Date, to: Date) => repository.vendorPaidLines(db, vendorId, from, to),
    vendorDeliveredLines: (vendorId: number, from: Date, to: Date) => repository.vendorDeliveredLines(db, vendorId, from, to),
    awaitingPacking: (vendorId: number) => repository.awaitingPacking(db, vendorId),
    /** The customer's latest delivered line of a product (its seller and name), if any: who may review it. */
    latestDeliveredLine: (userId: string, productId: number, tx?: DbOrTx) => repository.latestDeliveredLine(tx ?? db, userId, productId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
