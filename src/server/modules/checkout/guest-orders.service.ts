import { AppError } from '#shared/errors.ts';
import { paidOfferOf } from '#shared/return-refunds.ts';
import { TRACK_NOT_FOUND, type TrackedOrder, type TrackOrderInput } from '#shared/schemas/guest-checkout.ts';
import type { Order } from '#shared/schemas/orders.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { CouponsService } from '#server/modules/coupons/coupons.service.ts';
import type { InvoicesService } from '#server/modules/invoices/invoices.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { guestOrderToken, isGuestOrderToken } from './guest-order-token.ts';

/** A UPI ID as /track shows it: its first two characters and its bank (the ID is often the mobile number, which /track never shows). */
const maskedUpi = (payoutTo: string) => payoutTo.replace(/^UPI ID (\S{0,2})\S*@/, 'UPI ID $1•••@');

/** The guest an order belongs to, as the checkout's member functions take a caller. */
export interface GuestShopper {
  id: string;
  email: string;
}

/**
 * Guests' orders: who may reach one (its token, never its id alone), tracking by number and
 * e-mail, and the claim that gives a guest's orders to the account verified with that e-mail.
 *
 * Crash recovery: a claim is one transaction (orders, their invoices and credit notes, the
 * coupons' uses and the guest rows); a crash leaves the orders with the guest, and the next
 * verification, or sign-in claim, finds them again.
 */
export function createGuestOrdersService(deps: {
  db: Db;
  users: UsersService;
  orders: OrdersService;
  invoices: InvoicesService;
  payments: PaymentsService;
  coupons: Pick<CouponsService, 'moveUses'>;
  secret: string;
}) {
  const { db, users, orders, invoices, payments, coupons, secret } = deps;

  /** The guest whose order this is, when the token is this order's; 404 otherwise, as for a missing order. */
  async function shopperOf(orderId: number, token: string | undefined): Promise<GuestShopper> {
    if (!token)
      throw new AppError(
        'UNAUTHENTICATED',
        'This order can be opened only from the browser it was placed in, or tracked at /track with its number and e-mail',
      );
    if (!isGuestOrderToken(secret, orderId, token)) throw new AppError('NOT_FOUND', 'Order not found');
    const order = await orders.getById(orderId);
    const guest = await users.findById(order.userId);
    // A guest order that joined an account is reached through the account.
    if (!guest?.guest_email) throw new AppError('NOT_FOUND', 'Order not found');
    return { id: guest.id, email: guest.guest_email };
  }

  async function tracked(input: TrackOrderInput) {
    const id = Number(input.number.slice(2));
    const order = id > 0 ? await orders.findByEmail(id, input.email) : undefined;
    if (!order) throw new AppError('NOT_FOUND', TRACK_NOT_FOUND);
    return order;
  }

  /** What /track shows of an order. */
  async function view(order: Order & { userId: string }): Promise<TrackedOrder> {
    const owner = await users.findById(order.userId);
    const paid = order.payments.find(
      (payment) => payment.status === 'captured' || payment.status === 'partially_refunded' || payment.status === 'refunded',
    );
    return {
      number: order.number,
      status: order.status,
      displayStatus: order.displayStatus,
      orderDate: order.orderDate,
      cancelledAt: order.cancelledAt,
      total: order.total,
      items: order.items.map(
        ({ id, name, image, quantity, lineTotal, discount, vendor, returnableQuantity, returnBy, replacementFor }) => ({
          id,
          name,
          image,
          quantity,
          lineTotal,
          discount,
          vendor,
          returnableQuantity,
          returnBy,
          replacementFor,
        }),
      ),
      fulfilments: order.fulfilments.map(({ invoice: _invoice, creditNotes: _notes, ...fulfilment }) => fulfilment),
      deliverTo: { city: order.address.city, state: order.address.state, pincode: order.address.pincode },
      guestOrder: Boolean(owner?.guest_email),
      paidInCash: paid?.method === 'cod',
      paidOffer: paidOfferOf(order.payments, order.shipping) ?? null,
      returns: order.returns.map(({ photos, creditNote: _note, ...ret }) => ({
        ...ret,
        payoutTo: ret.payoutTo && maskedUpi(ret.payoutTo),
        photoCount: photos.length,
      })),
    };
  }

  return {
    tokenFor: (orderId: number) => guestOrderToken(secret, orderId),
    shopperOf,

    /** The guest a payment's order belongs to, with that order's token. */
    async shopperOfPayment(paymentId: number, token: string | undefined): Promise<GuestShopper> {
      const payment = await payments.find(paymentId);
      if (!payment)
        throw new AppError(
          token ? 'NOT_FOUND' : 'UNAUTHENTICATED',
          token ? 'Payment not found' : 'This payment can be reached only with its order’s token',
        );
      return shopperOf(payment.orderId, token);
    },

    /**
     * The guest whose order has this number and e-mail, for its returns from /track: the proof
     * tracking takes, with the same 404 for a wrong number or a wrong e-mail. An account's order is
     * returned from its page, behind the account's password (403).
     */
    async shopperByNumber(input: TrackOrderInput): Promise<{ shopper: GuestShopper; orderId: number }> {
      const order = await tracked(input);
      const owner = await users.findById(order.userId);
      if (!owner?.guest_email)
        throw new AppError('FORBIDDEN', 'This order is in an account: please sign in and return it from the order’s page');
      return { shopper: { id: owner.id, email: owner.guest_email }, orderId: order.id };
    },

    /** An order by number and e-mail: status, shipments and returns, and the city and PIN code only. One answer for a wrong number and a wrong e-mail. */
    track: async (input: TrackOrderInput): Promise<TrackedOrder> => view(await tracked(input)),

    /** The same view of an order by its id, for whoever proved it otherwise (the return confirmation link mailed to its address). */
    trackById: async (orderId: number): Promise<TrackedOrder> => view(await orders.getById(orderId)),

    /**
     * Gives every guest order placed with this e-mail to the account, now that it has proved it
     * owns the address: in the caller's transaction, or one of its own. Running it again finds
     * nothing left to move. Returns how many orders moved.
     */
    async claim(user: { id: string; email: string }, tx?: DbOrTx): Promise<number> {
      const run = async (t: DbOrTx) => {
        const guests = await users.guestIdsWithEmail(user.email, t);
        if (guests.length === 0) return 0;
        const moved = await orders.reassign(t, guests, user.id);
        await invoices.moveToCustomer(t, moved, user.id);
        await coupons.moveUses(t, guests, user.id);
        await users.deleteGuests(guests, t);
        return moved.length;
      };
      return tx ? run(tx) : db.transaction().execute(run);
    },
  };
}

export type GuestOrdersService = ReturnType<typeof createGuestOrdersService>;
