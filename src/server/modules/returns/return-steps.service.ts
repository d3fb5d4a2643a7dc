import { AppError } from '#shared/errors.ts';
import { indiaDate } from '#shared/india-time.ts';
import { orderNumber } from '#shared/order-number.ts';
import { paidOfferOf, type RefundLine, returnRefund } from '#shared/return-refunds.ts';
import {
  canTransitionReturn,
  RETURN_ACTIONS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnAction,
  type ReturnStatus,
  unitsShare,
} from '#shared/returns.ts';
import { describePayout, type PayoutDestination } from '#shared/schemas/orders.ts';
import type { ApproveReturnInput, ManagedReturn, ManagedReturnList, ReturnQuery } from '#shared/schemas/returns.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { NewAuditEntry } from '#server/modules/audit/audit.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { RefundsService } from '#server/modules/orders/refunds.service.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { stepMail, what } from './returns-mails.ts';
import { toOrderReturn } from './returns-view.ts';
import * as repository from './returns.repository.ts';
import type { ReturnRow } from './returns.repository.ts';

/** Who acts on a return other than its customer: the line's seller, or an admin (audited). */
export type ReturnActor = { kind: 'vendor'; vendorId: number } | { kind: 'admin'; actor: { id: string; email: string } };

/** A pickup is booked for today or up to this many days on. */
const PICKUP_WITHIN_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const PAST: Record<ReturnAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  'picked-up': 'marked picked up',
  receive: 'marked received',
  'ship-replacement': 'sent a replacement',
};

/** The order's payment a refund goes back to: the one captured (a refund of it may have begun). */
export const refundablePayment = (list: Awaited<ReturnType<PaymentsService['ofOrders']>>) =>
  list.find((payment) => payment.status === 'captured' || payment.status === 'partially_refunded');

/** The order's lines as a return's refund sees them. */
export const refundLines = (items: Awaited<ReturnType<OrdersService['itemsOf']>>): RefundLine[] =>
  items.map((item) => ({
    id: item.id!,
    quantity: item.quantity,
    lineTotal: item.lineTotal,
    discount: item.discount,
    replacementFor: item.replacesItemId ?? null,
  }));

interface Deps {
  db: Db;
  orders: OrdersService;
  payments: PaymentsService;
  refunds: RefundsService;
  catalog: CatalogService;
  outbox: OutboxService;
  users: UsersService;
  /** an admin's step, into the audit log in the step's transaction */
  audit: (entry: NewAuditEntry, tx: DbOrTx) => Promise<void>;
  /** queues a mail to the customer in the step's transaction */
  queueMail: (tx: DbOrTx, to: string, mail: { subject: string; text: string }) => Promise<number>;
  now: () => Date;
}

/**
 * A return as its seller and admins see it, and their steps on it: approve with a pickup, reject,
 * picked up, received, a replacement shipped. Each step is one transaction, as the returns
 * service's steps are (see there).
 *
 * Receipt is where money and stock move, all in that transaction or not at all: the unit goes back
 * to its offer's stock when the seller says it is unopened (once: only the request that moved the
 * return restocks), and for a refund the amount is claimed on the order's payment (a guarded update
 * of what it has refunded), a GST credit note is issued against the shipment's invoice for that
 * line, and the refund is queued. The outbox then asks the gateway (or, for Cash on Delivery, pays
 * out to the UPI ID or bank account the customer gave) with the job's id as the idempotency key, so
 * a crash between the gateway's answer and our record of it is finished by the outbox's retry,
 * which the gateway answers with the same refund: never paid twice, never lost. The claim, the
 * credit note and the refund's job are the refunds service's (orders/refunds.service.ts), in the
 * step's transaction.
 */
export function createReturnSteps(deps: Deps) {
  const { db, orders, payments, refunds, catalog, outbox, users, now } = deps;
  const queueMail = deps.queueMail;

  async function managed(rows: readonly ReturnRow[]): Promise<ManagedReturn[]> {
    const [photos, buyers, paymentList] = await Promise.all([
      repository.photosOf(
        db,
        rows.map((row) => row.id),
      ),
      users.findByIds([...new Set(rows.map((row) => row.userId))]),
      payments.ofOrders([...new Set(rows.map((row) => row.orderId))]),
    ]);
    const buyer = new Map(buyers.map((user) => [user.id, user]));
    return rows.map((row) => ({
      ...toOrderReturn(
        row,
        photos.filter((photo) => photo.returnId === row.id).map((photo) => photo.id),
      ),
      orderId: row.orderId,
      orderNumber: orderNumber(row.orderId),
      customer: { name: buyer.get(row.userId)?.name ?? '', email: buyer.get(row.userId)?.email ?? '' },
      paymentMethod:
        paymentList.find((payment) => payment.orderId === row.orderId && payment.status !== 'failed' && payment.status !== 'created')
          ?.method ?? null,
      lineQuantity: row.lineQuantity,
    }));
  }

  /** The return as its actor may see it: another seller's is 404, as one that does not exist, and so is a guest's not yet confirmed. */
  async function find(actor: ReturnActor, id: number): Promise<ReturnRow> {
    const row = await repository.findReturn(db, id, actor.kind === 'vendor' ? actor.vendorId : undefined);
    if (!row || row.confirmBy !== null) throw new AppError('NOT_FOUND', 'Return not found');
    return row;
  }

  return {
    /** Returns newest first: a seller's own lines, or (an admin) everyone's; optionally of one status. */
    async list(actor: ReturnActor, query: ReturnQuery): Promise<ManagedReturnList> {
      const { rows, total } = await repository.listReturns(
        db,
        { vendorId: actor.kind === 'vendor' ? actor.vendorId : undefined, status: query.status },
        query,
      );
      return { items: await managed(rows), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: ReturnActor, id: number): Promise<ManagedReturn> {
      return (await managed([await find(actor, id)]))[0]!;
    },

    /**
     * The seller's (or an admin's) next step: approve with a pickup, reject with a reason, picked
     * up, received (back to stock or not; a refund goes out), or a replacement shipped. A step the
     * return's status does not allow is 409, as is one another request took first.
     */
    async act(
      actor: ReturnActor,
      id: number,
      action: ReturnAction,
      input: {
        pickup?: ApproveReturnInput;
        reason?: string;
        restock?: boolean;
        shipment?: { carrier: string; trackingNumber: string };
      } = {},
    ): Promise<ManagedReturn> {
      const row = await find(actor, id);
      const to = RETURN_ACTIONS[action];
      if (!canTransitionReturn(row.status, to) || (action === 'ship-replacement' && row.resolution !== 'replacement')) {
        throw new AppError(
          'CONFLICT',
          `A return that is ${RETURN_STATUS_LABELS[row.status].toLowerCase()}${row.resolution === 'replacement' ? ' (for a replacement)' : ''} cannot be ${PAST[action]}`,
        );
      }
      const moment = now();
      const at = moment.toISOString();
      if (action === 'approve') {
        const date = input.pickup!.pickupDate;
        const today = indiaDate(moment);
        const last = indiaDate(new Date(moment.getTime() + PICKUP_WITHIN_DAYS * DAY_MS));
        if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || date < today || date > last) {
          const message = `The pickup date is from today to ${PICKUP_WITHIN_DAYS} days on`;
          throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'pickupDate', message }] });
        }
      }
      const customer = await users.findById(row.userId);
      const jobs = await db.transaction().execute(async (tx) => {
        await orders.hold(tx, row.orderId);
        const move = (from: ReturnStatus, next: ReturnStatus, fields: Parameters<typeof repository.moveReturn>[4]) =>
          repository.moveReturn(tx, id, from, next, fields, at);
        const changed = () => new AppError('CONFLICT', 'This return changed meanwhile; please reload');
        const queued: number[] = [];
        let mail: { subject: string; text: string };
        let after: Record<string, unknown> = { status: to };
        switch (action) {
          case 'approve':
            if (
              !(await move('requested', 'approved', {
                approved_at: at,
                pickup_carrier: input.pickup!.carrier,
                pickup_date: input.pickup!.pickupDate,
              }))
            )
              throw changed();
            mail = stepMail(row, 'approved', { pickup: input.pickup });
            after = { ...after, pickup: input.pickup };
            break;
          case 'reject':
            if (!(await move('requested', 'rejected', { rejected_at: at, rejection_reason: input.reason! }))) throw changed();
            mail = stepMail(row, 'rejected', { reason: input.reason });
            break;
          case 'picked-up':
            if (!(await move('approved', 'picked_up', { picked_up_at: at }))) throw changed();
            mail = stepMail(row, 'picked_up', {});
            break;
          case 'receive': {
            if (!(await move('picked_up', 'received', { received_at: at, restocked: input.restock ? 1 : 0 }))) throw changed();
            // Only the request that moved the return gets here: the unit goes back to stock once.
            if (input.restock) await catalog.returnStock([{ productId: row.productId, offerId: row.offerId, quantity: row.quantity }], tx);
            after = { ...after, restocked: input.restock };
            if (row.resolution === 'replacement') {
              mail = stepMail(row, 'received', {});
              break;
            }
            const before = await repository.refundedQuantityOf(tx, row.orderItemId);
            const paymentList = await payments.ofOrders([row.orderId], tx);
            const payment = refundablePayment(paymentList);
            if (!payment) throw new AppError('CONFLICT', 'This order has no payment left to refund');
            const offer = paidOfferOf(paymentList, await orders.shippingOf(row.orderId, tx));
            const rule = returnRefund(
              {
                lines: refundLines(await orders.itemsOf([row.orderId], tx)),
                refunded: await repository.refundedReturnsOf(tx, row.orderId),
                offer,
              },
              { orderItemId: row.orderItemId, quantity: row.quantity },
            );
            // RETURN_REFUND_RULE; with an offer, never more than is left on the payment (an admin's refund may have come first).
            const amount = offer ? Math.min(rule, payment.amount - payment.refundedAmount) : rule;
            // The seller's sale of those units: its own coupon's discount was its own; the marketplace's, the marketplace's.
            const coupon = await orders.couponOf(row.orderId, tx);
            const sale = row.lineTotal - (coupon?.fundedBy === 'vendor' ? row.lineDiscount : 0);
            const deduction = unitsShare(sale, row.lineQuantity, before, row.quantity);
            const reason = `Return of ${what(row)}: ${RETURN_REASON_LABELS[row.reason]}`;
            const payout = row.payout ? (JSON.parse(row.payout) as PayoutDestination) : undefined;
            // The credit note credits the returned line of the shipment's invoice.
            const refunded = await refunds.refundIn(tx, {
              orderId: row.orderId,
              paymentId: payment.id,
              amount,
              reason,
              payout,
              credit: { kind: 'line', fulfilmentId: row.fulfilmentId, orderItemId: row.orderItemId },
            });
            queued.push(...refunded.jobs);
            const note = refunded.notes[0];
            if (
              !(await move('received', 'refunded', {
                refunded_at: at,
                amount,
                vendor_deduction: deduction,
                payment_id: payment.id,
                refund_job_id: refunded.jobs[0]!,
                credit_note_id: note?.id ?? null,
              }))
            ) {
              throw changed();
            }
            mail = stepMail(row, 'refunded', { amount, payout: payout ? describePayout(payout) : null, creditNote: note?.number ?? null });
            after = { ...after, status: 'refunded', amount, creditNote: note?.number ?? null };
            break;
          }
          case 'ship-replacement': {
            const shipment = input.shipment!;
            if (row.offerId === null)
              throw new AppError('CONFLICT', 'This item’s offer no longer exists; a replacement cannot be sent from stock');
            const short = await catalog.takeStock([{ productId: row.productId, offerId: row.offerId, quantity: row.quantity }], tx);
            if (short.length > 0) throw new AppError('CONFLICT', 'There is not enough stock for the replacement; add stock first');
            const fulfilmentId = await orders.insertFulfilment(tx, {
              orderId: row.orderId,
              vendorId: row.vendorId,
              vendorName: row.vendorName,
              at,
            });
            if (!(await orders.moveFulfilment(tx, row.vendorId, fulfilmentId, 'pending', 'packed', { packed_at: at }))) throw changed();
            if (
              !(await orders.moveFulfilment(tx, row.vendorId, fulfilmentId, 'packed', 'shipped', {
                shipped_at: at,
                carrier: shipment.carrier,
                tracking_number: shipment.trackingNumber,
              }))
            )
              throw changed();
            await orders.insertItems(tx, [
              {
                orderId: row.orderId,
                fulfilmentId,
                productId: row.productId,
                offerId: row.offerId,
                vendorId: row.vendorId,
                name: row.name,
                image: row.image,
                unitPrice: 0,
                quantity: row.quantity,
                lineTotal: 0,
                discount: 0,
                replacesItemId: row.orderItemId,
              },
            ]);
            if (!(await move('received', 'replacement_shipped', { replacement_shipped_at: at, replacement_fulfilment_id: fulfilmentId })))
              throw changed();
            mail = stepMail(row, 'replacement_shipped', shipment);
            after = { ...after, shipment };
            break;
          }
        }
        if (customer) queued.push(await queueMail(tx, customer.email, mail));
        if (actor.kind === 'admin') {
          await deps.audit(
            {
              actor: actor.actor,
              action: `return.${action}`,
              entityType: 'return',
              entityId: String(id),
              before: { status: row.status },
              after,
              reason: input.reason ?? null,
            },
            tx,
          );
        }
        return queued;
      });
      await outbox.runNow(jobs);
      return (await managed([(await repository.findReturn(db, id))!]))[0]!;
    },
  };
}
