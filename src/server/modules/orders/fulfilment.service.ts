import type { z } from 'zod';
import { dispatchByDate } from '#shared/delivery.ts';
import { AppError } from '#shared/errors.ts';
import { orderNumber } from '#shared/order-number.ts';
import { canTransitionFulfilment, FULFILMENT_STATUSES, type FulfilmentStatus } from '#shared/order-states.ts';
import type { DeliveryAddressSchema } from '#shared/schemas/orders.ts';
import type { VendorOrder, VendorOrderList, VendorOrderQuery } from '#shared/schemas/vendor.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db } from '#server/db/database.ts';
import type { InvoicesService } from '#server/modules/invoices/invoices.service.ts';
import type { Mailer } from '#server/modules/mail/mailer.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { shipmentMail } from './orders-mails.ts';
import * as repository from './orders.repository.ts';
import type { VendorFulfilmentRow } from './orders.repository.ts';

type Step = 'pack' | 'ship' | 'deliver';
const TARGET: Record<Step, FulfilmentStatus> = { pack: 'packed', ship: 'shipped', deliver: 'delivered' };

/** Each vendor fulfils its own lines of an order: packed → shipped (carrier, tracking) → delivered. */
export function createFulfilmentService(deps: {
  db: Db;
  /** the sellers' dispatch days, for each order's dispatch-by date */
  catalog: { dispatchDaysOf: (offerIds: readonly number[]) => Promise<Map<number, number>> };
  users: UsersService;
  invoices: InvoicesService;
  payments: PaymentsService;
  mailer: Mailer;
  store: StoreInfo;
  now?: () => Date;
  log?: (error: unknown, message: string) => void;
}) {
  const { db, catalog, users, invoices, payments, mailer, store } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * When a paid shipment not yet handed over must leave: from its payment, the slowest of its lines'
   * dispatch days (the offer's, 2 when an offer has gone since), in working days after the cut-off rule.
   */
  function dispatchBy(row: VendorFulfilmentRow, own: readonly repository.ItemRow[], days: Map<number, number>): string | null {
    if ((row.status !== 'pending' && row.status !== 'packed') || row.paidAt === null) return null;
    const slowest = Math.max(0, ...own.map((item) => (item.offerId === null ? 2 : (days.get(item.offerId) ?? 2))));
    return dispatchByDate(new Date(row.paidAt), slowest);
  }

  async function assemble(rows: readonly VendorFulfilmentRow[]): Promise<VendorOrder[]> {
    const [items, creditNotes, orderPayments] = await Promise.all([
      repository.itemsOfFulfilments(
        db,
        rows.map((row) => row.id),
      ),
      invoices.creditNotesOf({ invoiceIds: rows.flatMap((row) => (row.invoice ? [row.invoice.id] : [])) }),
      payments.ofOrders([...new Set(rows.map((row) => row.orderId))]),
    ]);
    const dispatchDays = await catalog.dispatchDaysOf([...new Set(items.flatMap((item) => (item.offerId === null ? [] : [item.offerId])))]);
    // Cash on Delivery: the courier collects what the shopper pays for this shipment's items.
    const cashOrders = new Set(
      orderPayments.filter((payment) => payment.method === 'cod' && payment.status !== 'cancelled').map((payment) => payment.orderId),
    );
    return rows.map((row) => {
      const own = items.filter((item) => item.fulfilmentId === row.id);
      const address = JSON.parse(row.address) as z.infer<typeof DeliveryAddressSchema>;
      return {
        fulfilmentId: row.id,
        orderId: row.orderId,
        orderNumber: orderNumber(row.orderId),
        orderDate: row.orderDate,
        orderStatus: row.orderStatus,
        status: row.status,
        customerName: address.name,
        address,
        items: own.map((item) => ({
          productId: item.productId,
          name: item.name,
          image: item.image,
          unitPrice: item.unitPrice,
          quantity: item.quantity,
          lineTotal: item.lineTotal,
        })),
        total: own.reduce((sum, item) => sum + item.lineTotal, 0),
        packedAt: row.packedAt,
        shippedAt: row.shippedAt,
        deliveredAt: row.deliveredAt,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        invoice: row.invoice,
        creditNotes: creditNotes.filter((note) => note.invoiceId === row.invoice?.id).map((note) => ({ id: note.id, number: note.number })),
        // (A replacement's shipment collects nothing: it was paid for with the order.)
        cashOnDelivery:
          cashOrders.has(row.orderId) && own.some((item) => !item.replacesItemId)
            ? { amount: own.reduce((sum, item) => sum + item.lineTotal - item.discount, 0) }
            : null,
        dispatchBy: dispatchBy(row, own, dispatchDays),
      };
    });
  }

  return {
    /**
     * A page of the vendor's orders, newest first: its own lines, the customer's name and address,
     * never payments. `q` is an order number (CB00000042, or 42) or words of the customer's name.
     */
    async list(vendorId: number, query: VendorOrderQuery): Promise<VendorOrderList> {
      const q = query.q?.trim();
      const number = q ? /^(?:CB)?0*(\d{1,12})$/i.exec(q) : null;
      const filter = { status: query.status, ...(number ? { orderId: Number(number[1]) } : q ? { customer: q } : {}) };
      const { status: _status, ...search } = filter;
      const [{ rows, total }, byStatus] = await Promise.all([
        repository.vendorFulfilments(db, vendorId, filter, query),
        repository.vendorFulfilmentCounts(db, vendorId, search),
      ]);
      const counts = Object.fromEntries(FULFILMENT_STATUSES.map((status) => [status, byStatus.get(status) ?? 0])) as Record<
        FulfilmentStatus,
        number
      >;
      return { items: await assemble(rows), total, page: query.page, pageSize: query.pageSize, counts };
    },

    /** `moment`: when the step happened, now unless told (the demo data's order tells it, to read as a past order). */
    async step(
      vendorId: number,
      fulfilmentId: number,
      step: Step,
      shipment?: { carrier: string; trackingNumber: string },
      moment = now(),
    ): Promise<VendorOrder> {
      const row = await repository.vendorFulfilment(db, vendorId, fulfilmentId);
      if (!row) throw new AppError('NOT_FOUND', 'Order not found');
      const to = TARGET[step];
      if (row.orderStatus === 'pending_payment') throw new AppError('CONFLICT', 'This order has not been paid yet');
      if (row.orderStatus === 'cancelled' || row.status === 'cancelled') throw new AppError('CONFLICT', 'This order was cancelled');
      if (!canTransitionFulfilment(row.status, to)) {
        throw new AppError('CONFLICT', `An order that is ${row.status} cannot be marked ${to}`);
      }
      const at = moment.toISOString();
      const fields =
        step === 'pack'
          ? { packed_at: at }
          : step === 'ship'
            ? { shipped_at: at, carrier: shipment?.carrier, tracking_number: shipment?.trackingNumber }
            : { delivered_at: at };
      // A shipment leaves with its tax invoice: both are written, or neither. The last delivery of
      // a Cash on Delivery order is the courier collecting the cash: its payment is captured with it.
      const moved = await db.transaction().execute(async (tx) => {
        if (!(await repository.moveFulfilment(tx, vendorId, fulfilmentId, row.status, to, fields))) return false;
        if (step === 'ship') await invoices.issue(tx, fulfilmentId, moment);
        if (step === 'deliver') {
          const open = (await repository.fulfilmentsOf(tx, [row.orderId])).filter(
            (f) => f.status !== 'delivered' && f.status !== 'cancelled',
          );
          if (open.length === 0) await payments.collectCash(tx, row.orderId);
        }
        return true;
      });
      if (!moved) throw new AppError('CONFLICT', 'This order changed meanwhile; please reload');
      const [order] = await assemble([(await repository.vendorFulfilment(db, vendorId, fulfilmentId))!]);
      const customer = await users.findById(row.userId);
      if (customer) {
        const deliveredItems = step === 'deliver' ? await repository.itemsOfFulfilments(db, [fulfilmentId]) : [];
        const mail = shipmentMail(store, {
          step,
          status: to,
          orderNumber: order!.orderNumber,
          vendorName: row.vendorName,
          shipment,
          items: order!.items,
          replacements: deliveredItems.filter((item) => item.replacesItemId).length,
          delivered: deliveredItems.length,
        });
        try {
          await mailer.send({
            to: customer.email,
            subject: mail.subject,
            text: mail.text,
          });
        } catch (error) {
          deps.log?.(error, `Could not mail ${customer.email} about ${order!.orderNumber}`);
        }
      }
      return order!;
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
