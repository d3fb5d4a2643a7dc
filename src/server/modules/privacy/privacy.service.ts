import type { FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors.ts';
import type { DataExport } from '#shared/schemas/data-export.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import { type Db, type DbOrTx, toIso } from '#server/db/database.ts';
import type { AccountSecurityService } from '#server/modules/auth/account-security.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';

/**
 * Personal data another module keeps about a user (reviews, say): it joins the user's download
 * under its own key, and is erased or anonymised in the transaction that deletes the account.
 * Register one in app.ts (createServices: `privacy`'s `holders`).
 */
export interface PersonalDataHolder {
  /** the download's top-level key, e.g. "reviews"; not one of the built-in ones */
  section: string;
  exportFor(userId: string): Promise<unknown>;
  eraseFor?(userId: string, tx: DbOrTx): Promise<void>;
}

const REFUSALS = {
  vendor:
    'A seller account cannot be deleted here: your shop has orders, settlements and invoices to close first. Please write to the marketplace, which closes the shop and then the account.',
  admin: 'An administrator account cannot be deleted here. Another administrator must first take away its admin role.',
} as const;

/**
 * The rights of India's Digital Personal Data Protection Act: a copy of one's data, and erasure.
 * Deleting an account erases what the law lets us erase and keeps what it requires: orders,
 * their payments and GST invoices stay (with the delivery address as invoiced), pointing at an
 * account row whose name and e-mail are placeholders and that nobody can sign in to.
 *
 * Crash recovery: the erasure is one transaction; a crash leaves the account whole or erased.
 * The caller's session is ended just before it, so a crash between leaves them signed out of an
 * account that still exists (they may sign in and delete it again).
 */
export function createPrivacyService(deps: {
  db: Db;
  users: UsersService;
  orders: OrdersService;
  accountSecurity: AccountSecurityService;
  store: StoreInfo;
  holders?: readonly PersonalDataHolder[];
  now?: () => Date;
}) {
  const { db, users, orders, accountSecurity, store } = deps;
  const holders = deps.holders ?? [];
  const now = deps.now ?? (() => new Date());

  return {
    /** Everything kept about the user, and only theirs (every query is by their id). No password hash, no session. */
    async exportData(userId: string): Promise<DataExport> {
      const user = await users.findById(userId);
      if (!user || user.deleted_at !== null) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      const [addresses, orderList, sections] = await Promise.all([
        users.listAddresses(userId),
        orders.allOf(userId),
        Promise.all(holders.map(async (holder) => [holder.section, await holder.exportFor(userId)] as const)),
      ]);
      return {
        exportedAt: now().toISOString(),
        store: store.name,
        amountsIn: 'paise (1 rupee = 100 paise)',
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.email_verified,
          role: user.role,
          createdAt: toIso(user.created_at),
        },
        addresses: addresses.map(({ id: _id, ...address }) => address),
        orders: orderList.map((order) => ({
          number: order.number,
          placedAt: order.orderDate,
          status: order.status,
          items: order.items.map((item) => ({
            productId: item.productId,
            name: item.name,
            seller: item.vendor.name,
            unitPrice: item.unitPrice,
            quantity: item.quantity,
            lineTotal: item.lineTotal,
            discount: item.discount,
          })),
          subtotal: order.subtotal,
          discount: order.discount,
          couponCode: order.coupon?.code ?? null,
          shipping: order.shipping,
          gst: order.gst,
          total: order.total,
          deliveryAddress: order.address,
          buyerGst: order.buyerGst,
          payments: order.payments.map((payment) => ({
            method: payment.method,
            status: payment.status,
            amount: payment.amount,
            refundedAmount: payment.refundedAmount,
            createdAt: payment.createdAt,
          })),
          invoices: order.fulfilments.flatMap((f) => (f.invoice ? [f.invoice.number, ...f.creditNotes.map((note) => note.number)] : [])),
        })),
        ...Object.fromEntries(sections),
      };
    },

    /**
     * Deletes the caller's own account after they typed their password again. Vendors and admins
     * are refused (409): a shop is closed by the marketplace first. `endSession` ends the
     * request's session and returns its cookie-clearing headers.
     */
    async deleteAccount(userId: string, password: string, request: FastifyRequest, endSession: () => Promise<Headers>): Promise<Headers> {
      const user = await users.findById(userId);
      if (!user || user.deleted_at !== null) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (user.role !== 'customer') throw new AppError('CONFLICT', REFUSALS[user.role], { role: user.role });
      await accountSecurity.confirmPassword(password, request);
      const cookies = await endSession();
      await db.transaction().execute(async (tx) => {
        for (const holder of holders) await holder.eraseFor?.(userId, tx);
        await users.anonymise(userId, now(), tx);
      });
      await accountSecurity.forgetEmail(user.email);
      return cookies;
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
