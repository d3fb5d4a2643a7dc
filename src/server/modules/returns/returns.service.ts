import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '#shared/errors.ts';
import { orderNumber } from '#shared/order-number.ts';
import { paidOfferOf, returnRefund } from '#shared/return-refunds.ts';
import { canTransitionReturn, changeOfMindProblem, RETURN_STATUS_LABELS, withinReturnWindow } from '#shared/returns.ts';
import { describePayout, type Order, type PayoutDestination } from '#shared/schemas/orders.ts';
import type { CreateReturnInputSchema, ReturnPhoto } from '#shared/schemas/returns.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { NewAuditEntry } from '#server/modules/audit/audit.service.ts';
import type { LinkTokens } from '#server/modules/auth/link-tokens.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import { reencodeImage } from '#server/modules/media/media.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { RefundsService } from '#server/modules/orders/refunds.service.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { PersonalDataHolder } from '#server/modules/privacy/privacy.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { createReturnSteps, refundablePayment, refundLines } from './return-steps.service.ts';
import { askFor, confirmRequestMail, requestedMail, signed, stepMail, what } from './returns-mails.ts';
import * as repository from './returns.repository.ts';

/** Who reads a return's photo. */
export type PhotoReader = { kind: 'customer'; userId: string } | { kind: 'vendor'; vendorId: number } | { kind: 'admin' };

type CreateReturnInput = z.output<typeof CreateReturnInputSchema>;

/** A customer keeps at most this many photos uploaded and not yet sent with a return. */
const MAX_LOOSE_PHOTOS = 12;
/** A guest's request from /track waits this long for its mailed link to be opened, then is dropped. */
export const RETURN_CONFIRM_HOURS = 24;
/** The purpose of a return confirmation link's token in `verifications`. */
const CONFIRM_TOKEN = 'confirm-return';

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
 * The seller's and admins' steps, receipt and its refund among them, are return-steps.service.ts.
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
  const { db, orders, outbox, users, store } = deps;
  const now = deps.now ?? (() => new Date());
  const photoRoot = path.join(deps.dataDir, 'return-photos');
  mkdirSync(photoRoot, { recursive: true });

  const queueMail = (tx: DbOrTx, to: string, mail: { subject: string; text: string }) =>
    outbox.enqueue(tx, 'mail', { to, subject: mail.subject, text: signed(store, mail.text) });

  const steps = createReturnSteps({ ...deps, now, queueMail });

  return {
    ...steps,

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
        // RETURN_REFUND_RULE, as its receipt will refund it if nothing else is refunded first.
        const estimate = returnRefund(
          {
            lines: refundLines(lineItems),
            refunded: await repository.refundedReturnsOf(tx, orderId),
            offer: paidOfferOf(order.payments, order.shipping),
          },
          { orderItemId: item.id, quantity: input.quantity },
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
        const request = {
          number: order.number,
          units: `${input.quantity} × ${item.name}`,
          ask: askFor(input.resolution, estimate, input.payout ? describePayout(input.payout) : null),
          reason: input.reason,
          details: input.details,
        };
        if (confirmBy) {
          const token = await deps.linkTokens.issue(tx, CONFIRM_TOKEN, String(id), at, confirmBy);
          const link = `${store.url}/track/confirm-return#token=${token}`;
          return [await queueMail(tx, caller.email, confirmRequestMail({ ...request, link, hours: RETURN_CONFIRM_HOURS }))];
        }
        return [await queueMail(tx, caller.email, requestedMail({ ...request, seller: item.vendor.name }))];
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
        const request = {
          number: orderNumber(row.orderId),
          units: what(row),
          ask: askFor(row.resolution, row.amount, payout),
          reason: row.reason,
          details: row.details,
        };
        const job = customer ? await queueMail(tx, customer.email, requestedMail({ ...request, seller: row.vendorName }, true)) : undefined;
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
        return [await queueMail(tx, caller.email, stepMail(row, 'cancelled', {}))];
      });
      await outbox.runNow(jobs);
      return orders.get(caller.id, row.orderId);
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
