import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { indiaDate } from '#shared/india-time.ts';
import { AppError } from '#shared/errors.ts';
import { formatPrice } from '#shared/money.ts';
import { orderNumber } from '#shared/order-number.ts';
import {
  canTransitionReturn,
  changeOfMindProblem,
  formatPickupDate,
  RETURN_ACTIONS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnAction,
  type ReturnStatus,
  unitsShare,
  withinReturnWindow,
} from '#shared/returns.ts';
import { describePayout, type Order, type PayoutDestination } from '#shared/schemas/orders.ts';
import type {
  ApproveReturnInput,
  CreateReturnInputSchema,
  ManagedReturn,
  ManagedReturnList,
  ReturnPhoto,
  ReturnQuery,
} from '#shared/schemas/returns.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { NewAuditEntry } from '#server/modules/audit/audit.service.ts';
import type { LinkTokens } from '#server/modules/auth/link-tokens.service.ts';
import type { PersonalDataHolder } from '#server/modules/privacy/privacy.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import { reencodeImage } from '#server/modules/media/media.service.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { RefundsService } from '#server/modules/orders/refunds.service.ts';
import * as repository from './returns.repository.ts';
import type { ReturnRow } from './returns.repository.ts';
import { toOrderReturn } from './returns-view.ts';

/** Who acts on a return other than its customer: the line's seller, or an admin (audited). */
export type ReturnActor = { kind: 'vendor'; vendorId: number } | { kind: 'admin'; actor: { id: string; email: string } };

/** Who reads a return's photo. */
export type PhotoReader = { kind: 'customer'; userId: string } | { kind: 'vendor'; vendorId: number } | { kind: 'admin' };

type CreateReturnInput = z.output<typeof CreateReturnInputSchema>;

/** A customer keeps at most this many photos uploaded and not yet sent with a return. */
const MAX_LOOSE_PHOTOS = 12;
/** A pickup is booked for today or up to this many days on. */
const PICKUP_WITHIN_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A guest's request from /track waits this long for its mailed link to be opened, then is dropped. */
export const RETURN_CONFIRM_HOURS = 24;
/** The purpose of a return confirmation link's token in `verifications`. */
const CONFIRM_TOKEN = 'confirm-return';

const PAST: Record<ReturnAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  'picked-up': 'marked picked up',
  receive: 'marked received',
  'ship-replacement': 'sent a replacement',
};

interface Deps {
  db: Db;
  orders: OrdersService;
  payments: PaymentsService;
  refunds: RefundsService;
  catalog: CatalogService;
  outbox: OutboxService;
  users: UsersService;
  store: StoreInfo;
  dataDir: string;
  /** an admin's step, into the audit log in the step's transaction */
  audit: (entry: NewAuditEntry, tx: DbOrTx) => Promise<void>;
  /** the single-use tokens of the links that confirm a guest's request */
  linkTokens: LinkTokens;
  now?: () => Date;
}

/**
 * Returns and replacements of order lines (the states are in src/shared/returns.ts).
 *
 * Every step is one transaction: the order's row is taken first (as payments take it, so a
 * return's refund and a payment transaction of the same order queue up rather than deadlock), the
 * return moves by a guarded update from the status it was read in (a second click, or another
 * worker, finds it moved and gets 409), and the customer's mail is queued in the outbox with it.
 *
 * Receipt is where money and stock move, all in that transaction or not at all: the unit goes back
 * to its offer's stock when the seller says it is unopened (once: only the request that moved the
 * return restocks), and for a refund the amount is claimed on the order's payment (a guarded update
 * of what it has refunded), a GST credit note is issued against the shipment's invoice for that
 * line, and the refund is queued. The outbox then asks the gateway (or, for Cash on Delivery, pays
 * out to the UPI ID or bank account the customer gave) with the job's id as the idempotency key, so
 * a crash between the gateway's answer and our record of it is finished by the outbox's retry,
 * which the gateway answers with the same refund: never paid twice, never lost.
 *
 * A guest's request from /track proves only the order's number and e-mail, which every order mail
 * carries and which travel with a forwarded mail; with them alone anyone could have a Cash on
 * Delivery refund paid to their own account. So it is written unconfirmed, with a single-use link
 * mailed to the order's address in the same transaction (24 hours, its token kept hashed), and only
 * opening that link makes it a return: before, no seller or admin lists or acts on it (404), it
 * holds no units (another request for them may be confirmed first; confirming checks again what is
 * left, so a stranger's unconfirmed requests cannot block the guest's own), and the housekeeping
 * drops it once the link has expired. A crash leaves the request and its mail together or neither.
 */
export function createReturnsService(deps: Deps) {
  const { db, orders, payments, refunds, catalog, outbox, users, store } = deps;
  const now = deps.now ?? (() => new Date());
  const photoRoot = path.join(deps.dataDir, 'return-photos');
  mkdirSync(photoRoot, { recursive: true });

  const signed = (text: string) => `${text}\n\n${store.name} · ${store.supportEmail} · ${store.phone}`;
  const queueMail = (tx: DbOrTx, to: string, subject: string, text: string) =>
    outbox.enqueue(tx, 'mail', { to, subject, text: signed(text) });

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

  /** The order's payment a refund goes back to: the one captured (a refund of it may have begun). */
  const refundablePayment = (list: Awaited<ReturnType<PaymentsService['ofOrders']>>) =>
    list.find((payment) => payment.status === 'captured' || payment.status === 'partially_refunded');

  function what(row: Pick<ReturnRow, 'quantity' | 'name'>) {
    return `${row.quantity} × ${row.name}`;
  }

  /** The mail for a step, to the customer. */
  function stepMail(
    row: ReturnRow,
    to: ReturnStatus,
    extra: {
      pickup?: ApproveReturnInput;
      reason?: string;
      amount?: number;
      payout?: string | null;
      creditNote?: string | null;
      carrier?: string;
      trackingNumber?: string;
    },
  ) {
    const number = orderNumber(row.orderId);
    const lines: Record<ReturnStatus, string> = {
      requested: '',
      approved: `Your return of ${what(row)} from order ${number} is approved. ${extra.pickup?.carrier} will pick it up on ${extra.pickup ? formatPickupDate(extra.pickup.pickupDate) : ''}. Please pack it with its box, accessories and invoice.`,
      rejected: `Your return of ${what(row)} from order ${number} was not accepted by ${row.vendorName}.\nReason: ${extra.reason}\n\nReply to this mail if you would like us to look at it again.`,
      cancelled: `You cancelled your return of ${what(row)} from order ${number}. The item stays yours.`,
      picked_up: `${what(row)} from order ${number} has been picked up and is on its way back to ${row.vendorName}.`,
      received: `${row.vendorName} has received ${what(row)} from order ${number}.${row.resolution === 'replacement' ? ' Your replacement will be shipped soon.' : ''}`,
      refunded:
        `${row.vendorName} has received ${what(row)} from order ${number}. We have refunded ${formatPrice(extra.amount ?? 0)} ${extra.payout ? `to your ${extra.payout}` : 'to your original payment method'}.` +
        (extra.creditNote ? `\nGST credit note ${extra.creditNote}: on your order’s page, beside its tax invoice.` : '') +
        '\n\nRefunds reach UPI in 1–3 business days and cards in 5–7.',
      replacement_shipped: `Your replacement for ${what(row)} from order ${number} has been shipped with ${extra.carrier}, tracking number ${extra.trackingNumber}.`,
    };
    return { subject: `Order ${number}: ${RETURN_STATUS_LABELS[to].toLowerCase()}`, text: lines[to] };
  }

  return {
    /** A photo for a return not yet requested: checked and re-encoded as product images are, kept out of the public uploads. */
    async uploadPhoto(userId: string, bytes: Buffer): Promise<ReturnPhoto> {
      if ((await repository.countLoosePhotos(db, userId)) >= MAX_LOOSE_PHOTOS) {
        throw new AppError('CONFLICT', `You have ${MAX_LOOSE_PHOTOS} photos waiting to be sent with a return; send the return first`);
      }
      const image = await reencodeImage(bytes);
      const file = `${randomUUID()}.webp`;
      await writeFile(path.join(photoRoot, file), image.data);
      const id = await repository.insertPhoto(db, {
        userId,
        file,
        width: image.info.width,
        height: image.info.height,
        bytes: image.data.length,
        at: now().toISOString(),
      });
      return { id, url: `/api/returns/photos/${id}`, width: image.info.width, height: image.info.height };
    },

    /** A photo's bytes for its customer, the seller of the line it was sent with, or an admin; 404 for anyone else. */
    async photo(id: number, reader: PhotoReader): Promise<Buffer> {
      const row = await repository.findPhoto(db, id);
      const allowed =
        row &&
        (reader.kind === 'admin' ||
          (reader.kind === 'customer' && row.user_id === reader.userId) ||
          (reader.kind === 'vendor' && row.vendor_id === reader.vendorId));
      if (!row || !allowed) throw new AppError('NOT_FOUND', 'Photo not found');
      return readFile(path.join(photoRoot, path.basename(row.file)));
    },

    /**
     * A customer's return of units of a delivered line, within 10 days of its delivery. The order's
     * row is taken first, so two requests for the same line at once cannot return more units than
     * it has between them, and a request sent twice with its key makes one return. A guest's from
     * /track (`confirmByMail`) waits for the link mailed to the order's address (see above).
     */
    async request(
      caller: { id: string; email: string },
      orderId: number,
      input: CreateReturnInput,
      options: { confirmByMail?: boolean } = {},
    ): Promise<Order> {
      const order = await orders.get(caller.id, orderId);
      const item = order.items.find((candidate) => candidate.id === input.orderItemId);
      if (!item) throw new AppError('NOT_FOUND', 'This item is not in the order');
      if (item.replacementFor !== null)
        throw new AppError('CONFLICT', 'A replacement is returned through our support team; please write to us');
      const payment = refundablePayment(order.payments) ?? order.payments.find((p) => p.status === 'refunded');
      const cash = payment?.method === 'cod';
      // The returns policy, whichever way the request came (the route's schema says the same).
      const changeOfMind = changeOfMindProblem(input.reason, input.unopened);
      if (changeOfMind) throw new AppError('VALIDATION_FAILED', changeOfMind, { issues: [{ field: 'unopened', message: changeOfMind }] });
      const payoutIssue = (message: string) => new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'payout', message }] });
      if (input.resolution === 'refund' && cash && !input.payout)
        throw payoutIssue('This order was paid in cash: please give the UPI ID or bank account the refund goes to');
      if (input.payout && !(input.resolution === 'refund' && cash))
        throw payoutIssue('A refund goes back the way the order was paid; no account is needed');
      const at = now();
      const jobs = await db.transaction().execute(async (tx) => {
        const status = await orders.hold(tx, orderId);
        // The same request again (a double click, a retry): with the order held, the first one has committed or is not there.
        if (input.requestKey) {
          const made = await repository.findByRequestKey(tx, caller.id, input.requestKey);
          if (made?.orderId === orderId) return [];
          if (made) throw new AppError('CONFLICT', 'This request was sent for another order; please reload the page');
        }
        if (status !== 'confirmed') throw new AppError('CONFLICT', 'This order can no longer be returned');
        const shipments = await orders.fulfilmentsOf([orderId], tx);
        const lineItems = await orders.itemsOf([orderId], tx);
        const line = lineItems.find((candidate) => candidate.id === item.id)!;
        const shipment = shipments.find((f) => f.id === line.fulfilmentId);
        if (shipment?.status !== 'delivered') throw new AppError('CONFLICT', 'This item has not been delivered yet');
        if (!withinReturnWindow(shipment.deliveredAt, at))
          throw new AppError('CONFLICT', 'Returns are accepted within 10 days of delivery; this item’s window has closed');
        const taken = await repository.liveQuantityOf(tx, item.id);
        const left = line.quantity - taken;
        if (input.quantity > left)
          throw new AppError(
            'CONFLICT',
            left > 0 ? `Only ${left} of this item can still be returned` : 'This item has already been returned',
          );
        const estimate = unitsShare(
          line.lineTotal - line.discount,
          line.quantity,
          await repository.refundedQuantityOf(tx, item.id),
          input.quantity,
        );
        const confirmBy = options.confirmByMail ? new Date(at.getTime() + RETURN_CONFIRM_HOURS * 60 * 60 * 1000) : null;
        const id = await repository.insertReturn(tx, {
          orderId,
          orderItemId: item.id,
          fulfilmentId: line.fulfilmentId,
          vendorId: line.vendorId,
          userId: caller.id,
          quantity: input.quantity,
          reason: input.reason,
          details: input.details,
          resolution: input.resolution,
          amount: estimate,
          payout: input.payout ? JSON.stringify(input.payout) : null,
          requestKey: input.requestKey ?? null,
          confirmBy: confirmBy?.toISOString() ?? null,
          at: at.toISOString(),
        });
        if ((await repository.attachPhotos(tx, caller.id, input.photoIds, id)) !== input.photoIds.length) {
          const message = 'A photo was not found; please upload it again';
          throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'photoIds', message }] });
        }
        const ask =
          input.resolution === 'replacement'
            ? 'a replacement'
            : `a refund of ${formatPrice(estimate)}${input.payout ? ` to your ${describePayout(input.payout)}` : ''}`;
        if (confirmBy) {
          const token = await deps.linkTokens.issue(tx, CONFIRM_TOKEN, String(id), at, confirmBy);
          return [
            await queueMail(
              tx,
              caller.email,
              `Order ${order.number}: please confirm your return request`,
              `A request to return ${input.quantity} × ${item.name} from order ${order.number} for ${ask} was made at Order Tracking with this order's number and e-mail.\nReason: ${RETURN_REASON_LABELS[input.reason]}${input.details ? ` — ${input.details}` : ''}\n\nTo confirm it, open this link within ${RETURN_CONFIRM_HOURS} hours:\n\n${store.url}/track/confirm-return#token=${token}\n\nThe seller sees the request only once it is confirmed. If you did not ask for it, ignore this mail: the request is dropped and nothing is refunded.`,
            ),
          ];
        }
        return [
          await queueMail(
            tx,
            caller.email,
            `Order ${order.number}: return requested`,
            `We have your request to return ${input.quantity} × ${item.name} from order ${order.number} for ${ask}.\nReason: ${RETURN_REASON_LABELS[input.reason]}${input.details ? ` — ${input.details}` : ''}\n\n${item.vendor.name} will arrange a pickup within 48 hours.`,
          ),
        ];
      });
      await outbox.runNow(jobs);
      return orders.get(caller.id, orderId);
    },

    /**
     * Opens a guest's confirmation link: the request becomes a return the seller acts on, if the
     * units are still there to return (a request confirmed first may have taken them: 409), and
     * the guest is mailed as a member is on asking. A link works once (a second use is 409 saying
     * so); an expired or wrong one is 410. Answers the return and its order.
     */
    async confirm(token: string): Promise<{ returnId: number; orderId: number }> {
      const at = now();
      const expired = new AppError(
        'LINK_INVALID',
        `This link has expired or is not valid. A return request not confirmed within ${RETURN_CONFIRM_HOURS} hours is dropped; please ask for the return again at Order Tracking.`,
      );
      const confirmed = await db.transaction().execute(async (tx) => {
        const spent = await deps.linkTokens.spend(tx, CONFIRM_TOKEN, token, at);
        if (spent.outcome === 'used')
          throw new AppError(
            'CONFLICT',
            'This link was used already: the return is confirmed. Follow it at Order Tracking with the order’s number and e-mail.',
          );
        if (spent.outcome !== 'spent') throw expired;
        const row = await repository.findReturn(tx, Number(spent.value));
        if (!row) throw expired;
        if ((await orders.hold(tx, row.orderId)) !== 'confirmed') throw new AppError('CONFLICT', 'This order can no longer be returned');
        // Cancelled meanwhile, or past its time: there is nothing to confirm.
        if (!(await repository.confirmReturn(tx, row.id, at.toISOString()))) throw expired;
        const line = await orders.itemsOf([row.orderId], tx);
        const left =
          (line.find((item) => item.id === row.orderItemId)?.quantity ?? 0) - (await repository.liveQuantityOf(tx, row.orderItemId));
        if (left < 0)
          throw new AppError(
            'CONFLICT',
            'Another return of this item was confirmed first; what is left of it can be returned at Order Tracking',
          );
        const customer = await users.findById(row.userId, tx);
        const payout = row.payout ? describePayout(JSON.parse(row.payout) as PayoutDestination) : null;
        const ask =
          row.resolution === 'replacement'
            ? 'a replacement'
            : `a refund of ${formatPrice(row.amount)}${payout ? ` to your ${payout}` : ''}`;
        const number = orderNumber(row.orderId);
        const job = customer
          ? await queueMail(
              tx,
              customer.email,
              `Order ${number}: return requested`,
              `Thank you for confirming. We have your request to return ${what(row)} from order ${number} for ${ask}.\nReason: ${RETURN_REASON_LABELS[row.reason]}${row.details ? ` — ${row.details}` : ''}\n\n${row.vendorName} will arrange a pickup within 48 hours.`,
            )
          : undefined;
        return { row, jobs: job === undefined ? [] : [job] };
      });
      await outbox.runNow(confirmed.jobs);
      return { returnId: confirmed.row.id, orderId: confirmed.row.orderId };
    },

    /** Drops the guests' requests whose confirmation link expired unopened (housekeeping; safe on every process at once). */
    async dropUnconfirmed(): Promise<number> {
      const dropped = await db.transaction().execute((tx) => repository.dropUnconfirmed(tx, now().toISOString()));
      // Removed after the rows (a crash between leaves only files nothing points to).
      for (const file of dropped.files) await rm(path.join(photoRoot, path.basename(file)), { force: true });
      return dropped.returns;
    },

    /** The order's return in one go (the API before line returns): every line still returnable, for a refund, with one reason. */
    async requestWholeOrder(caller: { id: string; email: string }, orderId: number, reason: string): Promise<Order> {
      const order = await orders.get(caller.id, orderId);
      const lines = order.items.filter((item) => item.returnableQuantity > 0);
      if (lines.length === 0)
        throw new AppError('CONFLICT', 'Nothing in this order can be returned now: returns are accepted within 10 days of delivery');
      let latest = order;
      for (const item of lines)
        latest = await this.request(caller, orderId, {
          orderItemId: item.id,
          quantity: item.returnableQuantity,
          reason: 'other',
          details: reason,
          resolution: 'refund',
          photoIds: [],
        });
      return latest;
    },

    /** The customer takes back a request nobody has acted on yet. */
    async cancel(caller: { id: string; email: string }, returnId: number): Promise<Order> {
      const row = await repository.findReturn(db, returnId);
      if (!row || row.userId !== caller.id) throw new AppError('NOT_FOUND', 'Return not found');
      if (!canTransitionReturn(row.status, 'cancelled'))
        throw new AppError('CONFLICT', `A return that is ${RETURN_STATUS_LABELS[row.status].toLowerCase()} can no longer be cancelled`);
      const at = now().toISOString();
      const jobs = await db.transaction().execute(async (tx) => {
        await orders.hold(tx, row.orderId);
        if (!(await repository.moveReturn(tx, returnId, 'requested', 'cancelled', { cancelled_at: at }, at, { userId: caller.id }))) {
          throw new AppError('CONFLICT', 'This return changed meanwhile; please reload');
        }
        const mail = stepMail(row, 'cancelled', {});
        return [await queueMail(tx, caller.email, mail.subject, mail.text)];
      });
      await outbox.runNow(jobs);
      return orders.get(caller.id, row.orderId);
    },

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
            const amount = unitsShare(row.lineTotal - row.lineDiscount, row.lineQuantity, before, row.quantity);
            // The seller's sale of those units: its own coupon's discount was its own; the marketplace's, the marketplace's.
            const coupon = await orders.couponOf(row.orderId, tx);
            const sale = row.lineTotal - (coupon?.fundedBy === 'vendor' ? row.lineDiscount : 0);
            const deduction = unitsShare(sale, row.lineQuantity, before, row.quantity);
            const payment = refundablePayment(await payments.ofOrders([row.orderId], tx));
            if (!payment) throw new AppError('CONFLICT', 'This order has no payment left to refund');
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
        if (customer) queued.push(await queueMail(tx, customer.email, mail.subject, mail.text));
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

export type ReturnsService = ReturnType<typeof createReturnsService>;

/**
 * A deleted account's returns (India's DPDP Act): the orders keep them, as they keep the orders'
 * invoices, but their photos go, and the UPI ID or bank account of every return that is over. The
 * download's copy of them is in its orders (each order's `returns`).
 */
export function returnsPersonalData(db: Db, dataDir: string): PersonalDataHolder {
  const photoRoot = path.join(dataDir, 'return-photos');
  return {
    section: 'returnPhotos',
    exportFor: async (userId) =>
      (
        await db.selectFrom('return_photos').select(['id', 'return_id', 'created_at']).where('user_id', '=', userId).orderBy('id').execute()
      ).map((row) => ({ id: row.id, returnId: row.return_id, uploadedAt: String(row.created_at) })),
    async eraseFor(userId, tx) {
      const files = await repository.eraseCustomerData(tx, userId);
      // Removed with the rows (an erasure that rolls back after this has lost only photos it was erasing).
      for (const file of files) await rm(path.join(photoRoot, path.basename(file)), { force: true });
    },
  };
}
