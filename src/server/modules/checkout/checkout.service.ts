import { bankOfferFor } from '#shared/bank-offers.ts';
import { AppError } from '#shared/errors.ts';
import { orderTax } from '#shared/gst.ts';
import { cashOnDeliveryOverLimit } from '#shared/payment-methods.ts';
import type { Address } from '#shared/schemas/account.ts';
import { MAX_QUANTITY_PER_LINE } from '#shared/schemas/cart.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import type { GuestOrderInput } from '#shared/schemas/guest-checkout.ts';
import type { CashOnDelivery, Order, PaymentInput, PaymentResult, PlaceOrderInput } from '#shared/schemas/orders.ts';
import { shippingFor } from '#shared/shipping.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { CartService } from '#server/modules/cart/cart.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { CouponShopper, CouponsService } from '#server/modules/coupons/coupons.service.ts';
import type { DeliveryService } from '#server/modules/delivery/delivery.service.ts';
import type { Mailer } from '#server/modules/mail/mailer.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { OpenAttempt, PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { ChargeOutcome } from '#server/modules/payments/providers/payment-provider.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import { confirmationMail, signed } from './checkout-mails.ts';
import { guestShopperId } from './guest-order-token.ts';
import { createOrderCancellation } from './order-cancellation.ts';

interface Deps {
  db: Db;
  catalog: CatalogService;
  cart: CartService;
  coupons: CouponsService;
  delivery: DeliveryService;
  orders: OrdersService;
  payments: PaymentsService;
  outbox: OutboxService;
  users: UsersService;
  mailer: Mailer;
  store: StoreInfo;
  now?: () => Date;
  log?: (error: unknown, message: string) => void;
  /** Fault injection for tests: called after the gateway answered and before anything is recorded. */
  afterCharge?: (outcome: ChargeOutcome) => void;
}

/** An attempt whose gateway answer is still unknown is given up after this long (the call itself times out well before). */
export const IN_FLIGHT_STALE_MS = 2 * 60_000;

const list = (names: string[]) => names.join(', ');

/** What a capture did to its order: confirmed it, was refunded (order cancelled, or paid already), or found it done. */
export type Settled = 'confirmed' | 'cancelled' | 'paid-twice' | 'finished-elsewhere';

type Offer = Awaited<ReturnType<CatalogService['findPurchasableOffers']>>[number];
/** A line as asked for: the offer it buys from (0 for none) and how many. */
type Asked = { productId: number; offerId: number; quantity: number };
/** A line as bought: its offer and its price now. */
type Line = { offer: Offer; quantity: number; lineTotal: number };
type PricedCoupon = { applied: Coupon; discount: number; perLine: number[] };
type DeliveryAddress = Pick<Address, 'name' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'pincode'>;
type PlaceInput = Pick<PlaceOrderInput, 'idempotencyKey' | 'items' | 'buyerGst' | 'couponCode'>;

/**
 * The checkout: cart → order → stock → payment, and the undoing of it (cancellation, expiry).
 * What a crash between any two steps leaves behind, and what finishes it:
 * - order, items and stock are one transaction; an unpaid order expires after 30 minutes and
 *   its stock returns (expireUnpaid, every minute).
 * - a payment attempt is written (one open attempt per order) before the gateway is asked, with
 *   the idempotency key the gateway is asked with. A crash after the gateway answered leaves an
 *   attempt "in flight": reconcile() (at start and every few seconds, on any process) looks it up
 *   at the gateway and finishes it.
 * - a capture and its order's confirmation are one transaction, with the confirmation mail queued
 *   in it; a capture that finds its order cancelled or already paid queues its refund instead.
 * - a cancellation queues the refund of every captured payment in its transaction (order-cancellation.ts).
 * - queued refunds and mails are done by the outbox right after the commit, and retried by its
 *   worker until they succeed; refunds carry the outbox job's id as the gateway's idempotency key.
 * So a captured payment always ends as a confirmed order or a refund, and never is taken twice.
 */
export function createCheckoutService(deps: Deps) {
  const { db, catalog, cart, coupons, delivery, orders, payments, outbox, users, store } = deps;
  const now = deps.now ?? (() => new Date());

  const queueMail = (tx: DbOrTx, to: string, subject: string, text: string) =>
    outbox.enqueue(tx, 'mail', { to, subject, text: signed(store, text) });
  const cancellation = createOrderCancellation({ db, catalog, coupons, orders, payments, outbox, store, now });

  /**
   * A captured payment meets its order, in one transaction: the order is confirmed (and its mail
   * queued), or, when it was cancelled or already paid, this payment's refund is queued. The
   * queued work runs once the transaction has committed.
   */
  async function applyCapture(paymentId: number, orderId: number, capture: (tx: DbOrTx) => Promise<boolean>): Promise<Settled> {
    // Read before the transaction (SQLite has one connection: no reads outside it while it is open).
    const order = await orders.getById(orderId);
    const [buyer] = await users.findByIds([order.userId]);
    const { settled, jobs } = await db.transaction().execute(async (tx) => {
      await orders.hold(tx, orderId); // the order's row first, as every payment transaction does
      if (!(await capture(tx))) return { settled: 'finished-elsewhere' as const, jobs: [] };
      if (await orders.move(tx, orderId, ['pending_payment'], 'confirmed', { paid_at: now().toISOString() })) {
        const mail = confirmationMail(store, order);
        return { settled: 'confirmed' as const, jobs: buyer ? [await queueMail(tx, buyer.email, mail.subject, mail.text)] : [] };
      }
      // This capture came too late: the order was cancelled (it expired), or another payment
      // confirmed it first. Only this payment's money goes back.
      const { status } = await orders.getById(orderId, tx);
      const reason = status === 'cancelled' ? 'Order was cancelled before payment completed' : 'Order was already paid by another payment';
      const job = await payments.queueFullRefund(tx, paymentId, reason);
      return { settled: status === 'cancelled' ? ('cancelled' as const) : ('paid-twice' as const), jobs: job === undefined ? [] : [job] };
    });
    await outbox.runNow(jobs);
    return settled;
  }

  /** An open attempt the gateway says is captured. */
  const finishCapture = (attempt: Pick<OpenAttempt, 'id' | 'orderId'>, reference: string) =>
    applyCapture(attempt.id, attempt.orderId, (tx) => payments.markCaptured(tx, attempt.id, reference));

  /** Records the gateway's answer for an attempt and says what the shopper does next. */
  async function settle(userId: string, attempt: OpenAttempt, outcome: ChargeOutcome): Promise<PaymentResult> {
    deps.afterCharge?.(outcome);
    if (outcome.status === 'captured') {
      const settled = await finishCapture(attempt, outcome.reference);
      if (settled === 'cancelled')
        throw new AppError('CONFLICT', 'This order was cancelled before the payment completed; the amount has been refunded');
      if (settled === 'paid-twice') throw new AppError('CONFLICT', 'This order was already paid; this second payment has been refunded');
    } else {
      await payments.recordPending(attempt.id, outcome);
    }
    const payment = (await payments.find(attempt.id))!;
    // Recovery on another process finished this capture first, and it had to refund it.
    if (payment.status === 'refunded')
      throw new AppError('CONFLICT', 'This order could not take this payment; the amount has been refunded');
    const order = await orders.get(userId, attempt.orderId);
    const next =
      payment.status === 'captured' || payment.status === 'partially_refunded'
        ? 'done'
        : payment.status === 'failed'
          ? 'retry'
          : outcome.status === 'requires_action'
            ? outcome.action
            : 'retry';
    return { payment, next, orderStatus: order.status };
  }

  /**
   * Cash on Delivery: within the ceiling, every line's seller takes cash and the PIN code gets
   * cash deliveries (checked again now, not as the cart saw it). The order is confirmed at once,
   * with its payment authorized and the mail queued, in one transaction; the cash is collected,
   * and the payment captured, when the last shipment is delivered.
   */
  /** Why these lines, to this PIN code, cannot be paid in cash; null when they can. */
  async function cashOnDeliveryRefusal(
    total: number,
    pincode: string,
    lines: ReadonlyArray<{ name: string; offerId: number; vendorId: number; amount: number }>,
  ): Promise<string | null> {
    if (total > delivery.codMax) return cashOnDeliveryOverLimit(total, delivery.codMax);
    const { options } = await delivery.options(
      pincode,
      lines.map((line) => ({ offerId: line.offerId, vendorId: line.vendorId, dispatchDays: 0, amount: line.amount })),
    );
    const refused = lines.flatMap((line, i) => (options[i]!.cod ? [] : [`${line.name} (${options[i]!.codReason})`]));
    return refused.length > 0 ? `Cash on Delivery is not available for: ${list(refused)}. Please choose another way to pay.` : null;
  }

  const orderLines = (order: Order) =>
    order.items.map((item) => ({ name: item.name, offerId: item.offerId ?? 0, vendorId: item.vendor.id, amount: item.lineTotal }));

  async function payOnDelivery(caller: { id: string; email: string }, order: Order): Promise<PaymentResult> {
    const refusal = await cashOnDeliveryRefusal(order.total, order.address.pincode, orderLines(order));
    if (refusal) throw new AppError('CONFLICT', refusal);
    const done = await db.transaction().execute(async (tx) => {
      if ((await orders.hold(tx, order.id)) !== 'pending_payment') return undefined;
      const paymentId = await payments.authorizeCashOnDelivery(tx, order.id, order.total);
      await orders.move(tx, order.id, ['pending_payment'], 'confirmed', { paid_at: now().toISOString() });
      const mail = confirmationMail(store, order, true);
      return { paymentId, jobs: [await queueMail(tx, caller.email, mail.subject, mail.text)] };
    });
    if (!done) {
      await pendingOrder(caller.id, order.id); // says why: paid or cancelled meanwhile
      throw new AppError('CONFLICT', 'This order has already been paid');
    }
    await outbox.runNow(done.jobs);
    return { payment: (await payments.find(done.paymentId))!, next: 'done', orderStatus: 'confirmed' };
  }

  async function pendingOrder(userId: string, orderId: number): Promise<Order> {
    const order = await orders.get(userId, orderId);
    if (order.status !== 'pending_payment') {
      throw new AppError('CONFLICT', order.status === 'cancelled' ? 'This order has been cancelled' : 'This order has already been paid');
    }
    if (!order.canPay) throw new AppError('CONFLICT', 'The time to pay for this order has run out; it will be cancelled');
    return order;
  }

  /** Whether these cart lines, as priced now, may be paid in cash to this PIN code. */
  async function cashOnDeliveryForCart(pincode: string, items: PlaceOrderInput['items']): Promise<CashOnDelivery> {
    const quote = await cart.quote(items);
    const lines = quote.items.filter((line) => line.status !== 'unavailable' && line.offerId !== null);
    const offers = new Map(
      (
        await catalog.findPurchasableOffers(
          lines.map((line) => line.offerId!),
          db,
        )
      ).map((offer) => [offer.id, offer]),
    );
    const reason = await cashOnDeliveryRefusal(
      quote.total,
      pincode,
      lines
        .filter((line) => offers.has(line.offerId!))
        .map((line) => ({
          name: line.name ?? 'An item',
          offerId: line.offerId!,
          vendorId: offers.get(line.offerId!)!.vendor_id,
          amount: line.lineTotal,
        })),
    );
    return { available: reason === null, reason, max: delivery.codMax };
  }

  /** Each cart line's offer: its own, or without one its product's buy box as it is now. */
  async function resolveLines(items: PlaceOrderInput['items'], tx: DbOrTx): Promise<Asked[]> {
    const buyBoxes = await catalog.buyBoxOffers(
      items.filter((line) => line.offerId === undefined).map((line) => line.productId),
      tx,
    );
    // Lines that come to the same offer (a cart line saved before offers beside one naming the
    // buy box's) are one line; a line with no offer to buy from is unavailable, in loadOffers.
    const asked: Asked[] = [];
    for (const line of items) {
      const offerId = line.offerId ?? buyBoxes.get(line.productId) ?? 0;
      const same = offerId === 0 ? undefined : asked.find((other) => other.offerId === offerId);
      if (same) same.quantity += line.quantity;
      else asked.push({ productId: line.productId, offerId, quantity: line.quantity });
    }
    if (asked.some((line) => line.quantity > MAX_QUANTITY_PER_LINE)) {
      throw new AppError('VALIDATION_FAILED', `An order holds at most ${MAX_QUANTITY_PER_LINE} of one product from one seller`);
    }
    return asked;
  }

  /** The offers the lines buy from, refusing the order when one is no longer for sale. */
  async function loadOffers(asked: readonly Asked[], tx: DbOrTx): Promise<Map<number, Offer>> {
    const offers = new Map(
      (
        await catalog.findPurchasableOffers(
          asked.map((line) => line.offerId),
          tx,
        )
      ).map((offer) => [offer.id, offer]),
    );
    const unavailable = asked.filter((line) => offers.get(line.offerId)?.product_id !== line.productId).map((line) => line.productId);
    if (unavailable.length > 0) {
      const names = await catalog.names(unavailable, tx);
      throw new AppError(
        'CONFLICT',
        `These items are no longer available: ${list(unavailable.map((id) => names.get(id) ?? `product ${id}`))}`,
        { productIds: unavailable },
      );
    }
    return offers;
  }

  /** Every line again against the delivery pincode: the cart may have been filled for another. */
  async function checkDelivery(pincode: string, asked: readonly Asked[], offers: Map<number, Offer>, tx: DbOrTx): Promise<void> {
    const { options } = await delivery.options(
      pincode,
      asked.map((line) => {
        const offer = offers.get(line.offerId)!;
        return {
          offerId: offer.id,
          vendorId: offer.vendor_id,
          dispatchDays: offer.dispatch_days,
          amount: Number(offer.price) * line.quantity,
        };
      }),
      tx,
    );
    const undeliverable = options.filter((option) => !option.deliverable);
    if (undeliverable.length > 0) {
      const refused = undeliverable.map((option) => ({ offer: offers.get(option.offerId)!, reason: option.reason }));
      throw new AppError(
        'CONFLICT',
        `These items cannot be delivered to ${pincode}: ${list(refused.map(({ offer, reason }) => `${offer.product_name} (${reason})`))}`,
        { productIds: refused.map(({ offer }) => offer.product_id) },
      );
    }
  }

  /** Takes every line's quantity from its offer's stock, refusing the order when one is short. */
  async function takeStock(asked: readonly Asked[], offers: Map<number, Offer>, tx: DbOrTx): Promise<void> {
    const short = await catalog.takeStock(asked, tx);
    if (short.length > 0) {
      const shortOffers = short.map((id) => offers.get(id)!);
      throw new AppError(
        'CONFLICT',
        `Not enough stock for: ${list(shortOffers.map((o) => (o.stock > 0 ? `${o.product_name} (only ${o.stock} left)` : `${o.product_name} (out of stock)`)))}`,
        { productIds: shortOffers.map((o) => o.product_id) },
      );
    }
  }

  /** Each line at its offer's price now. */
  const priceLines = (asked: readonly Asked[], offers: Map<number, Offer>): Line[] =>
    asked.map((line) => {
      const offer = offers.get(line.offerId)!;
      return { offer, quantity: line.quantity, lineTotal: Number(offer.price) * line.quantity };
    });

  /** The coupon, priced again on the lines as bought; refused, the whole order is. */
  async function priceCoupon(
    code: string | undefined,
    shopper: CouponShopper,
    lines: readonly Line[],
    tx: DbOrTx,
  ): Promise<PricedCoupon | undefined> {
    if (!code) return undefined;
    const priced = await coupons.apply(
      code,
      shopper,
      lines.map(({ offer, lineTotal }) => ({ amount: lineTotal, category: offer.product_category, vendorId: offer.vendor_id })),
      tx,
    );
    if ('refusal' in priced) throw new AppError('CONFLICT', priced.refusal, { field: 'couponCode' });
    return { applied: priced.coupon, discount: priced.discount, perLine: priced.perLine };
  }

  /** The order's row, its totals worked out from the lines, the coupon and shipping. */
  function writeOrder(
    tx: DbOrTx,
    userId: string,
    address: DeliveryAddress,
    input: PlaceInput,
    lines: readonly Line[],
    coupon: PricedCoupon | undefined,
    at: string,
  ): Promise<number> {
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    const discount = coupon?.discount ?? 0;
    const shipping = shippingFor(subtotal - discount);
    const { name, phone, line1, line2, city, state, pincode } = address;
    return orders.insertOrder(tx, {
      userId,
      idempotencyKey: input.idempotencyKey,
      subtotal,
      shipping,
      gst: orderTax(
        lines.map(({ offer, lineTotal }, i) => ({ category: offer.product_category, amount: lineTotal - (coupon?.perLine[i] ?? 0) })),
        shipping,
      ).total,
      total: subtotal - discount + shipping,
      address: JSON.stringify({ name, phone, line1, line2, city, state, pincode }),
      at,
      buyerGst: input.buyerGst,
      coupon: coupon && { code: coupon.applied.code, fundedBy: coupon.applied.fundedBy, discount },
    });
  }

  /** One fulfilment per seller, and the order's items, each in its seller's fulfilment. */
  async function writeItems(
    tx: DbOrTx,
    orderId: number,
    lines: readonly Line[],
    coupon: PricedCoupon | undefined,
    at: string,
  ): Promise<void> {
    const fulfilmentOf = new Map<number, number>();
    for (const { offer } of lines) {
      if (!fulfilmentOf.has(offer.vendor_id))
        fulfilmentOf.set(
          offer.vendor_id,
          await orders.insertFulfilment(tx, { orderId, vendorId: offer.vendor_id, vendorName: offer.vendor_name, at }),
        );
    }
    await orders.insertItems(
      tx,
      lines.map(({ offer, quantity, lineTotal }, i) => ({
        orderId,
        fulfilmentId: fulfilmentOf.get(offer.vendor_id)!,
        productId: offer.product_id,
        offerId: offer.id,
        vendorId: offer.vendor_id,
        name: offer.product_name,
        image: (JSON.parse(offer.images) as string[])[0] ?? null,
        unitPrice: Number(offer.price),
        quantity,
        lineTotal,
        discount: coupon?.perLine[i] ?? 0,
      })),
    );
  }

  /**
   * Places an order to this address: re-priced, stock taken, one order per owner and idempotency key.
   * Every step runs in one transaction: a step that refuses (or a crash) leaves nothing written, no
   * stock taken and no coupon use counted. The same checkout submitted twice at once finds the
   * first's order (the idempotency key is unique per owner).
   */
  async function place(
    userId: string,
    address: DeliveryAddress,
    input: PlaceInput,
    shopper: CouponShopper,
    prepare?: (tx: DbOrTx) => Promise<void>,
  ): Promise<{ order: Order; created: boolean }> {
    try {
      const orderId = await db.transaction().execute(async (tx) => {
        await prepare?.(tx);
        const asked = await resolveLines(input.items, tx);
        const offers = await loadOffers(asked, tx);
        await checkDelivery(address.pincode, asked, offers, tx);
        await takeStock(asked, offers, tx);
        const lines = priceLines(asked, offers);
        const coupon = await priceCoupon(input.couponCode, shopper, lines, tx);
        const at = now().toISOString();
        const id = await writeOrder(tx, userId, address, input, lines, coupon, at);
        await writeItems(tx, id, lines, coupon, at);
        if (coupon) await coupons.redeem(tx, coupon.applied, { orderId: id, userId, discount: coupon.discount }, shopper);
        return id;
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
  }

  return {
    /** A hosted gateway's capture meets its order, as every capture does (see applyCapture). */
    applyCapture,

    /** Finishes what a crash or a lost answer left: see the comment at the top. Safe on several processes at once. */
    async reconcile(): Promise<{ confirmed: number; refunded: number; failed: number; resumed: number }> {
      const counts = { confirmed: 0, refunded: 0, failed: 0, resumed: 0 };
      const count = (settled: Settled) => {
        if (settled === 'confirmed') counts.confirmed++;
        else if (settled !== 'finished-elsewhere') counts.refunded++;
      };
      for (const attempt of await payments.inFlight()) {
        try {
          const found = await payments.lookup(attempt.attemptKey);
          const stale = now().getTime() - new Date(attempt.updatedAt).getTime() > IN_FLIGHT_STALE_MS;
          if (found.status === 'captured') count(await finishCapture(attempt, found.reference));
          else if (found.status === 'failed') {
            if (await payments.recordPending(attempt.id, found)) counts.failed++;
          } else if (!stale)
            continue; // the gateway may still be answering another request
          else if (found.status === 'requires_action') {
            if (await payments.recordPending(attempt.id, found)) counts.resumed++;
          } else if (await payments.failAttempt(attempt.id, 'The payment did not reach the bank; no money was taken')) counts.failed++;
        } catch (error) {
          deps.log?.(error, `Reconciling payment ${attempt.id} of order ${attempt.orderId} failed; it will be tried again`);
        }
      }
      // Money captured before captures and confirmations were one transaction.
      for (const { paymentId, orderId } of await payments.unsettledCaptures()) {
        try {
          count(await applyCapture(paymentId, orderId, async () => true));
        } catch (error) {
          deps.log?.(error, `Reconciling captured payment ${paymentId} of order ${orderId} failed; it will be tried again`);
        }
      }
      return counts;
    },

    /** Places the order: re-priced, stock taken, one order per idempotency key. */
    async placeOrder(userId: string, input: PlaceOrderInput): Promise<{ order: Order; created: boolean }> {
      const existing = await orders.findIdByIdempotencyKey(userId, input.idempotencyKey);
      if (existing !== undefined) return { order: await orders.get(userId, existing), created: false };

      const address = await users.findAddress(userId, input.addressId);
      if (!address) throw new AppError('VALIDATION_FAILED', 'Please choose one of your saved delivery addresses');
      // Checked again: an address saved before its PIN code had to match its state, or since moved in the directory.
      await delivery.assertAddress(address, 'addressId');
      // A coupon's uses count those of guest checkouts with the account's e-mail too (the coupons service's sameCustomer).
      return place(userId, address, input, { id: userId });
    },

    /**
     * A guest's order: as a member's, to the address typed in, owned by a guest row made in the
     * order's transaction (no order, no row). The row's id comes from the e-mail and the
     * idempotency key, so a checkout submitted twice, even at once, is one order.
     */
    async placeGuestOrder(input: GuestOrderInput): Promise<{ order: Order; created: boolean }> {
      const guestId = guestShopperId(input.email, input.idempotencyKey);
      const existing = await orders.findIdByIdempotencyKey(guestId, input.idempotencyKey);
      if (existing !== undefined) return { order: await orders.get(guestId, existing), created: false };
      // The address typed in is checked as an address book's: its PIN code India Post's, in its state.
      await delivery.assertAddress(input.address, 'address.pincode');
      const at = now();
      // A coupon's uses are counted by the e-mail: every guest checkout with it, and the account that has it.
      return place(guestId, input.address, input, { id: guestId, email: input.email }, (tx) =>
        users.insertGuest(tx, { id: guestId, name: input.address.name, email: input.email, at }),
      );
    },

    /**
     * Pays (or retries paying) for an order awaiting payment, with any method. The attempt is
     * written first, under the order's row, so a second request for the same order waits and
     * then finds it paid, or gets 409 while the first is with the gateway: one capture at most.
     */
    async pay(caller: { id: string; email: string }, orderId: number, input: PaymentInput): Promise<PaymentResult> {
      const order = await pendingOrder(caller.id, orderId);
      if (input.method === 'cod') return payOnDelivery(caller, order);
      // A bank's instant discount on the card: the card is charged the total less it.
      const offer = input.method === 'card' || input.method === 'emi' ? bankOfferFor(input.card.number, order.total) : undefined;
      const amount = order.total - (offer?.discount ?? 0);
      payments.validate(input, amount);
      const attempt = await db.transaction().execute(async (tx) => {
        if ((await orders.hold(tx, order.id)) !== 'pending_payment') return undefined;
        return payments.open(tx, order.id, amount, input, offer);
      });
      if (!attempt) {
        await pendingOrder(caller.id, orderId); // says why: paid or cancelled meanwhile
        throw new AppError('CONFLICT', 'This order has already been paid');
      }
      return settle(caller.id, attempt, await payments.charge(attempt, input));
    },

    /** Whether the order, awaiting payment, may be paid by Cash on Delivery, and why not. */
    async cashOnDelivery(userId: string, orderId: number): Promise<CashOnDelivery> {
      const order = await pendingOrder(userId, orderId);
      const reason = await cashOnDeliveryRefusal(order.total, order.address.pincode, orderLines(order));
      return { available: reason === null, reason, max: delivery.codMax };
    },

    /** The same, for a cart not yet ordered: its lines as priced now, to one of the shopper's addresses. */
    async cashOnDeliveryFor(userId: string, input: Pick<PlaceOrderInput, 'addressId' | 'items'>): Promise<CashOnDelivery> {
      const address = await users.findAddress(userId, input.addressId);
      if (!address) throw new AppError('VALIDATION_FAILED', 'Please choose one of your saved delivery addresses');
      return cashOnDeliveryForCart(address.pincode, input.items);
    },

    /** The same for a guest's cart, to the PIN code typed in. */
    cashOnDeliveryForPincode: (pincode: string, items: PlaceOrderInput['items']) => cashOnDeliveryForCart(pincode, items),

    /** The OTP for a card payment, or the bank page's answer for Net Banking. */
    async confirm(
      caller: { id: string; email: string },
      paymentId: number,
      confirmation: { otp: string } | { bankOutcome: 'success' | 'failure' },
    ): Promise<PaymentResult> {
      const payment = await payments.find(paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      await pendingOrder(caller.id, payment.orderId); // 404 for someone else's payment
      const step = 'otp' in confirmation ? 'otp' : 'bank';
      const expected = payment.method === 'netbanking' ? 'bank' : 'otp';
      if (payment.status !== 'created' || step !== expected) {
        throw new AppError(
          'CONFLICT',
          payment.status === 'created' ? 'This payment is not waiting for that step' : 'This payment is already complete',
        );
      }
      if (!(await payments.takeStep(paymentId, step))) throw new AppError('CONFLICT', 'This payment is already being processed');
      const attempt = (await payments.attemptOf(paymentId))!;
      const result = await payments.confirmWithProvider(payment, confirmation);
      const outcome: ChargeOutcome =
        result.status === 'captured'
          ? { status: 'captured', reference: payment.reference }
          : { status: 'failed', reference: payment.reference, reason: result.reason };
      return settle(caller.id, attempt, outcome);
    },

    async paymentForCaller(userId: string, paymentId: number) {
      const payment = await payments.find(paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
      const order = await orders.get(userId, payment.orderId);
      return { payment, order: { id: order.id, number: order.number, total: order.total, status: order.status } };
    },

    /** The customer's cancellation, an unpaid order's expiry, and a cancellation inside a caller's transaction (a full refund's): order-cancellation.ts. */
    cancel: cancellation.cancel,
    expireUnpaid: cancellation.expireUnpaid,
    cancelIn: cancellation.cancelIn,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
