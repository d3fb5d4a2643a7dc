import { AppError } from '#shared/errors.ts';
import { indiaDate, lastIndiaDays } from '#shared/india-time.ts';
import { formatPrice } from '#shared/money.ts';
import { orderNumber } from '#shared/order-number.ts';
import type { AdminOutboxJob, AdminOutboxQuery, AdminPaymentQuery, AdminUser, AdminUserQuery } from '#shared/schemas/admin.ts';
import { EMAIL_IN_USE_MESSAGE, type Role } from '#shared/schemas/auth.ts';
import type { Payment, PayoutDestination } from '#shared/schemas/orders.ts';
import { approvalBlocker, sellerChecklist } from '#shared/seller-kyc.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import { type Db, toIso } from '#server/db/database.ts';
import type { VendorRow } from '#server/db/schema.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { AuthService } from '#server/modules/auth/auth.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { InvoicesService } from '#server/modules/invoices/invoices.service.ts';
import type { Mailer } from '#server/modules/mail/mailer.ts';
import type { MediaService } from '#server/modules/media/media.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { RefundsService } from '#server/modules/orders/refunds.service.ts';
import type { OutboxEntry, OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { sellerDetailsOf, type VendorsService } from '#server/modules/vendors/vendors.service.ts';
import { refundMail, shopDecisionMail, signed } from './admin-mails.ts';
import { createAdminProductsService, type ProductMergeFollower } from './admin-products.service.ts';
import type { ModerationRepliesService } from './moderation-replies.service.ts';
import * as reports from './reports.repository.ts';

const STATUS_LABELS: Record<string, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  returned: 'Returned',
  refunded: 'Refunded',
};

const OWNER_SUSPENDED_MESSAGE = "This shop's owner account is suspended. Reactivate the account before putting the shop on sale.";

export interface Actor {
  id: string;
  email: string;
}

interface Deps {
  db: Db;
  users: UsersService;
  vendors: VendorsService;
  catalog: CatalogService;
  orders: OrdersService;
  authService: AuthService;
  audit: AuditService;
  payments: PaymentsService;
  invoices: InvoicesService;
  refunds: RefundsService;
  outbox: OutboxService;
  mailer: Mailer;
  media: MediaService;
  moderationReplies: ModerationRepliesService;
  store: StoreInfo;
  log?: (error: unknown, message: string) => void;
  /** what other modules keep per product, moved with a merge */
  mergeFollowers?: readonly ProductMergeFollower[];
}

/** In an audit entry: the status a shop returns to when its owner's account is reactivated, if it is suspended. */
function afterOwner(status: VendorRow['status'] | null) {
  return status === null ? {} : { statusAfterOwnerReactivation: status };
}

/** An outbox job as the admin reads it: what it is for, not its raw payload. */
function toOutboxJob(job: OutboxEntry): AdminOutboxJob {
  const payload = job.payload as { paymentId?: number; amount?: number; to?: string; subject?: string };
  const summary =
    job.kind === 'refund'
      ? `Refund of ${formatPrice(payload.amount ?? 0)} on payment ${payload.paymentId}`
      : `Mail to ${payload.to}: ${payload.subject}`;
  return {
    id: job.id,
    kind: job.kind,
    summary,
    paymentId: job.kind === 'refund' ? (payload.paymentId ?? null) : null,
    status: job.status,
    attempts: job.attempts,
    lastError: job.lastError,
    nextAttemptAt: job.nextAttemptAt,
    createdAt: job.createdAt,
    doneAt: job.doneAt,
  };
}

/** Running the marketplace: accounts, shops and moderation. Every action is audited. */
export function createAdminService(deps: Deps) {
  const { db, users, vendors, catalog, orders, authService, audit, payments, invoices, refunds, outbox, mailer, store } = deps;
  const products = createAdminProductsService({
    db,
    catalog,
    vendors,
    media: deps.media,
    audit,
    moderationReplies: deps.moderationReplies,
    mergeFollowers: deps.mergeFollowers,
  });

  /**
   * A shop's status, and the buy boxes it moves (a suspended seller's offers stop winning),
   * together. While its owner's account is suspended the shop stays suspended: the status set is
   * the one it returns to when the account is reactivated, and going on sale is refused (409).
   * Returns the status the shop has now.
   */
  const setShopStatus = async (shop: VendorRow, status: VendorRow['status']): Promise<VendorRow['status']> => {
    if (shop.status_before_owner_suspension !== null) {
      if (status === 'active') throw new AppError('CONFLICT', OWNER_SUSPENDED_MESSAGE);
      await vendors.setStatusAfterOwner(shop.id, status);
      return shop.status;
    }
    await db.transaction().execute(async (tx) => {
      await vendors.setStatus(shop.id, status, tx);
      await catalog.refreshBuyBoxesOf([shop.id], tx);
    });
    return status;
  };

  /** A shop goes on sale only with its GSTIN, legal name, PAN, pickup address and bank account in (409 says what is missing). */
  function assertApprovable(shop: VendorRow): void {
    const blocker = approvalBlocker(sellerDetailsOf(shop));
    if (blocker) throw new AppError('CONFLICT', blocker);
  }

  function toAdminUser(
    user: { id: string; name: string; email: string; role: Role; status: 'active' | 'suspended'; created_at: string | Date },
    shop?: VendorRow,
  ): AdminUser {
    return {
      uid: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.status,
      createdAt: toIso(user.created_at),
      vendor: shop ? { id: shop.id, name: shop.name, slug: shop.slug, status: shop.status } : null,
    };
  }

  async function requireUser(uid: string) {
    const user = await users.findById(uid);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return user;
  }

  async function view(uid: string): Promise<AdminUser> {
    const user = await requireUser(uid);
    return toAdminUser(user, await vendors.findByUserId(uid));
  }

  async function mail(to: string, subject: string, text: string) {
    try {
      await mailer.send({ to, subject, text: signed(store, text) });
    } catch (error) {
      deps.log?.(error, `Could not mail ${to}: ${subject}`);
    }
  }

  /** The last active admin must stay an active admin. */
  async function guardAdmins(actor: Actor, uid: string, what: string) {
    if (actor.id === uid) throw new AppError('CONFLICT', `You cannot ${what} your own account`);
    const target = await requireUser(uid);
    if (target.role === 'admin' && target.status === 'active' && (await users.countActiveAdmins()) <= 1) {
      throw new AppError('CONFLICT', `The last active admin cannot be ${what === 'suspend' ? 'suspended' : 'changed'}`);
    }
    return target;
  }

  return {
    async listUsers(query: AdminUserQuery) {
      const ids = query.pendingVendors ? await vendors.pendingUserIds() : undefined;
      const { rows, total } = await users.list({
        q: query.q,
        role: query.role,
        status: query.status,
        ids,
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
      });
      const shops = new Map((await vendors.findByUserIds(rows.map((row) => row.id))).map((shop) => [shop.user_id, shop]));
      return { items: rows.map((row) => toAdminUser(row, shops.get(row.id))), total, page: query.page, pageSize: query.pageSize };
    },

    async userDetail(uid: string) {
      const user = await view(uid);
      const [orderList, products, history, shop] = await Promise.all([
        orders.list(uid),
        user.vendor ? catalog.listForVendor(user.vendor.id, { sort: 'newest', page: 1, pageSize: 50 }) : Promise.resolve({ items: [] }),
        audit.list({ entityType: 'user', entityId: uid, page: 1, pageSize: 50 }),
        user.vendor ? vendors.findById(user.vendor.id) : Promise.resolve(undefined),
      ]);
      return {
        user,
        orders: orderList
          .slice(0, 20)
          .map((o) => ({ id: o.id, number: o.number, orderDate: o.orderDate, displayStatus: o.displayStatus, total: o.total })),
        products: products.items.map((p) => ({ id: p.id, name: p.name, status: p.status, price: p.price, stock: p.stock })),
        audit: history.items,
        shopChecklist: shop ? sellerChecklist(sellerDetailsOf(shop)) : null,
      };
    },

    async vendorDecision(actor: Actor, uid: string, decision: 'approve' | 'reject', reason?: string): Promise<AdminUser> {
      const user = await requireUser(uid);
      const shop = await vendors.findByUserId(uid);
      if (!shop || user.role !== 'vendor') throw new AppError('CONFLICT', 'This account has no shop to approve');
      const status = decision === 'approve' ? 'active' : 'suspended';
      if ((shop.status_before_owner_suspension ?? shop.status) === status)
        throw new AppError('CONFLICT', `This shop is already ${decision === 'approve' ? 'approved' : 'rejected'}`);
      if (status === 'active') assertApprovable(shop);
      const now = await setShopStatus(shop, status);
      await audit.record({
        actor,
        action: `vendor.${decision}`,
        entityType: 'user',
        entityId: uid,
        before: { shopStatus: shop.status, ...afterOwner(shop.status_before_owner_suspension) },
        after: { shopStatus: now, ...afterOwner(shop.status_before_owner_suspension === null ? null : status) },
        reason,
      });
      const decided = shopDecisionMail(store, shop, decision, reason);
      await mail(user.email, decided.subject, decided.text);
      return view(uid);
    },

    async setStatus(actor: Actor, uid: string, status: 'active' | 'suspended', reason: string): Promise<AdminUser> {
      const target = status === 'suspended' ? await guardAdmins(actor, uid, 'suspend') : await requireUser(uid);
      if (target.status === status) throw new AppError('CONFLICT', `This account is already ${status}`);
      // The account, its sessions, its shop with the buy boxes it moves and the audit entry change
      // in one transaction: a crash leaves the account as it was, never a suspended seller whose
      // shop is still on sale.
      await db.transaction().execute(async (tx) => {
        await users.setStatus(uid, status, tx);
        // A suspended user's sessions end at once.
        if (status === 'suspended') await users.deleteSessionsOf(uid, tx);
        const shop = await vendors.findByUserId(uid, tx);
        let shopNow: VendorRow | undefined;
        if (shop) {
          // The shop goes off sale with its owner and comes back with the status it had then.
          await (status === 'suspended' ? vendors.suspendWithOwner(shop.id, tx) : vendors.restoreWithOwner(shop.id, tx));
          await catalog.refreshBuyBoxesOf([shop.id], tx);
          shopNow = await vendors.findById(shop.id, tx);
        }
        await audit.record(
          {
            actor,
            action: status === 'suspended' ? 'user.suspend' : 'user.reactivate',
            entityType: 'user',
            entityId: uid,
            before: { status: target.status, ...(shop && { shopStatus: shop.status }) },
            after: { status, ...(shopNow && { shopStatus: shopNow.status, ...afterOwner(shopNow.status_before_owner_suspension) }) },
            reason,
          },
          tx,
        );
      });
      return view(uid);
    },

    async setRole(actor: Actor, uid: string, role: Role, reason: string): Promise<AdminUser> {
      const target = await guardAdmins(actor, uid, 'change the role of');
      if (target.role === role) throw new AppError('CONFLICT', `This account is already ${role}`);
      if (role === 'vendor' && !(await vendors.findByUserId(uid)))
        throw new AppError('CONFLICT', 'Only accounts with a shop can be vendors');
      await users.setRole(uid, role);
      await users.deleteSessionsOf(uid);
      await audit.record({
        actor,
        action: 'user.role',
        entityType: 'user',
        entityId: uid,
        before: { role: target.role },
        after: { role },
        reason,
      });
      return view(uid);
    },

    async createAdmin(actor: Actor, input: { name: string; email: string; password: string }): Promise<AdminUser> {
      if (await users.findByEmail(input.email)) throw new AppError('EMAIL_IN_USE', EMAIL_IN_USE_MESSAGE);
      await authService.ensureAdmin(input);
      const created = await users.findByEmail(input.email);
      await audit.record({
        actor,
        action: 'user.create-admin',
        entityType: 'user',
        entityId: created!.id,
        after: { email: input.email, role: 'admin' },
      });
      return view(created!.id);
    },

    async moderate(actor: Actor, productId: number, action: 'hide' | 'restore', reason?: string) {
      const product = await catalog.findAny(productId);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found');
      if (action === 'hide' && product.hiddenReason) throw new AppError('CONFLICT', 'This product is already hidden');
      if (action === 'restore' && !product.hiddenReason) throw new AppError('CONFLICT', 'This product is not hidden');
      const hiddenReason = action === 'hide' ? (reason ?? '') : null;
      await catalog.setHiddenReason(productId, hiddenReason);
      await audit.record({
        actor,
        action: `product.${action}`,
        entityType: 'product',
        entityId: String(productId),
        before: { hiddenReason: product.hiddenReason },
        after: { hiddenReason },
        reason,
      });
      return { id: productId, name: product.name, hiddenReason };
    },

    productDetail: products.productDetail,
    uploadProductImage: products.uploadImage,
    updateProduct: products.updateProduct,
    mergeProduct: products.mergeProduct,
    proposals: products.proposals,
    reviewProduct: products.reviewProduct,
    decideProposal: products.decideProposal,
    setProductStatus: products.setProductStatus,

    /** Sets a shop's status by its id (approve, suspend, reinstate). */
    async setVendorStatus(actor: Actor, vendorId: number, status: 'pending' | 'active' | 'suspended') {
      const shop = await vendors.findById(vendorId);
      if (!shop) throw new AppError('NOT_FOUND', 'Vendor not found');
      if (status === 'active' && shop.status !== 'active') assertApprovable(shop);
      const now = await setShopStatus(shop, status);
      await audit.record({
        actor,
        action: 'vendor.status',
        entityType: 'vendor',
        entityId: String(shop.id),
        before: { status: shop.status, ...afterOwner(shop.status_before_owner_suspension) },
        after: { status: now, ...afterOwner(shop.status_before_owner_suspension === null ? null : status) },
      });
      return { id: shop.id, name: shop.name, slug: shop.slug, status: now };
    },

    /** The marketplace over a period: money, orders, payments, refunds, new accounts, per day and per category. */
    async dashboard(days: number) {
      // The last `days` India calendar days, today included.
      const { from, dates } = lastIndiaDays(new Date(), days);
      const [paid, paymentCounts, byMethod, refunds, newCustomers, newVendors, pending, byCategory, shops, latest] = await Promise.all([
        reports.paidOrdersSince(db, from),
        reports.paymentCountsSince(db, from),
        reports.paymentsByMethodSince(db, from),
        reports.refundsSince(db, from),
        reports.newUsersSince(db, from, 'customer'),
        reports.countVendorsSince(db, from),
        reports.countPendingVendors(db),
        reports.salesByCategorySince(db, from),
        reports.pendingShops(db),
        reports.latestOrders(db),
      ]);
      const perDay = new Map<string, { orders: number; revenue: number }>();
      for (const date of dates) perDay.set(date, { orders: 0, revenue: 0 });
      for (const order of paid) {
        const day = perDay.get(indiaDate(order.paidAt));
        if (day) {
          day.orders += 1;
          day.revenue += order.total;
        }
      }
      return {
        days,
        gmv: paid.reduce((sum, order) => sum + order.total, 0),
        orders: paid.length,
        payments: {
          ...paymentCounts,
          byMethod: byMethod.byMethod.map((m) => ({ ...m, method: m.method as Payment['method'] })),
          codToCollect: byMethod.codToCollect,
        },
        refunds,
        newCustomers,
        vendors: { new: newVendors, pending },
        perDay: [...perDay].map(([date, value]) => ({ date, ...value })),
        salesByCategory: byCategory,
        pendingVendors: shops,
        latestOrders: latest.map((o) => ({
          id: o.id,
          number: orderNumber(o.id),
          customer: o.customer,
          total: o.total,
          status: STATUS_LABELS[o.status] ?? o.status,
          orderDate: o.createdAt,
        })),
      };
    },

    async listPayments(query: AdminPaymentQuery) {
      const filter: Parameters<PaymentsService['list']>[0] = {
        status: query.status,
        method: query.method,
        from: query.from,
        to: query.to,
        minAmount: query.minAmount,
        maxAmount: query.maxAmount,
      };
      const q = query.q?.trim();
      if (q) {
        const number = /^CB(\d{1,12})$/i.exec(q);
        if (number) filter.orderId = Number(number[1]);
        else if (q.includes('@')) filter.userId = (await users.findByEmail(q))?.id ?? '-';
        else filter.userId = '-';
      }
      const { items, totals } = await payments.list(filter, query.page, query.pageSize);
      const buyers = new Map((await users.findByIds([...new Set(items.map((p) => p.userId))])).map((u) => [u.id, u]));
      return {
        items: items.map(({ userId, ...p }) => ({
          ...p,
          orderNumber: orderNumber(p.orderId),
          customer: { name: buyers.get(userId)?.name ?? '', email: buyers.get(userId)?.email ?? '' },
        })),
        total: totals.count,
        page: query.page,
        pageSize: query.pageSize,
        totals,
      };
    },

    async paymentDetail(id: number) {
      const payment = await payments.find(id);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      const order = await orders.getById(payment.orderId);
      const [buyer] = await users.findByIds([order.userId]);
      const [refunds, queuedRefunds, history, creditable] = await Promise.all([
        payments.refundsOf(id),
        payments.queuedRefunds(id),
        audit.list({ entityType: 'payment', entityId: String(id), page: 1, pageSize: 50 }),
        invoices.creditableOf(order.id),
      ]);
      const left = new Map(creditable.map((invoice) => [invoice.id, invoice]));
      return {
        payment: { ...payment, orderNumber: order.number, customer: { name: buyer?.name ?? '', email: buyer?.email ?? '' } },
        order: {
          id: order.id,
          number: order.number,
          status: order.status,
          displayStatus: order.displayStatus,
          subtotal: order.subtotal,
          discount: order.discount,
          couponCode: order.coupon?.code ?? null,
          shipping: order.shipping,
          total: order.total,
          items: order.items.map((i) => ({ name: i.name, quantity: i.quantity, lineTotal: i.lineTotal })),
          invoices: order.fulfilments.flatMap((f) =>
            f.invoice
              ? [
                  {
                    ...f.invoice,
                    seller: f.vendor.name,
                    total: left.get(f.invoice.id)?.total ?? 0,
                    creditable: left.get(f.invoice.id)?.creditable ?? 0,
                    creditNotes: f.creditNotes,
                  },
                ]
              : [],
          ),
        },
        refunds,
        queuedRefunds,
        audit: history.items,
      };
    },

    /**
     * A full or partial refund with a reason; a full refund of an unshipped order cancels it.
     * Money refunded on shipped goods goes out with a GST credit note against their invoice
     * (`against`: which invoice, null for none; left out, the rule in shared/credit-notes.ts). The
     * claim, the credit notes, the cancellation, the audit entry and the customer's mail are one
     * transaction (the refunds service's; it says what a crash leaves). The gateway is asked once
     * it has committed, and the outbox retries it.
     */
    async refundPayment(actor: Actor, id: number, amount: number, reason: string, against?: number | null, payout?: PayoutDestination) {
      const payment = await payments.find(id);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      // Read before the transaction (SQLite has one connection: no reads outside it while it is open).
      const order = await orders.getById(payment.orderId);
      const [buyer] = await users.findByIds([order.userId]);
      const jobs = await db.transaction().execute(async (tx) => {
        const refunded = await refunds.refundIn(
          tx,
          { orderId: order.id, paymentId: id, amount, reason, payout, credit: { kind: 'invoices', against } },
          ({ before, after, orderCancelled, notes }) => ({
            actor,
            action: 'payment.refund',
            entityType: 'payment',
            entityId: String(id),
            before: { status: before.status, refundedAmount: before.refundedAmount },
            after: { ...after, orderCancelled, creditNotes: notes.map((note) => note.number) },
            reason,
          }),
        );
        if (!buyer) return refunded.jobs;
        const { subject, text } = refundMail({
          amount,
          orderNumber: order.number,
          reason,
          payout,
          cancelled: refunded.orderCancelled,
          creditNotes: refunded.notes.map((note) => note.number),
        });
        return [...refunded.jobs, await outbox.enqueue(tx, 'mail', { to: buyer.email, subject, text: signed(store, text) })];
      });
      await outbox.runNow(jobs);
      return this.paymentDetail(id);
    },

    /** Refunds and mails waiting to be retried (pending first), with their attempts and last error. */
    async outbox(query: AdminOutboxQuery) {
      const [{ items, total }, pending] = await Promise.all([
        outbox.list({ status: query.status, kind: query.kind }, query.page, query.pageSize),
        outbox.countPending(),
      ]);
      return { items: items.map(toOutboxJob), total, pending, page: query.page, pageSize: query.pageSize };
    },

    /** Tries a waiting job now instead of at its next turn; audited. */
    async retryOutboxJob(actor: Actor, id: number): Promise<AdminOutboxJob> {
      const before = await outbox.find(id);
      if (!before) throw new AppError('NOT_FOUND', 'Job not found');
      if (before.status !== 'pending') throw new AppError('CONFLICT', 'This job is already done');
      const after = (await outbox.retryNow(id))!;
      await audit.record({
        actor,
        action: 'outbox.retry',
        entityType: 'outbox',
        entityId: String(id),
        before: { status: before.status, attempts: before.attempts },
        after: { status: after.status, attempts: after.attempts, lastError: after.lastError },
        reason: null,
      });
      return toOutboxJob(after);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
