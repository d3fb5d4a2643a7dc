import { AppError } from '#shared/errors.ts';
import type { Order, Payment, PaymentResult } from '#shared/schemas/orders.ts';
import type { RazorpayHandlerInput } from '#shared/schemas/payment-gateway.ts';
import type { StoreInfo } from '#shared/store-info.ts';
import type { Db } from '#server/db/database.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import type { OutboxService } from '#server/modules/outbox/outbox.service.ts';
import type { GatewayAttempt, GatewayPaymentsService, StoredEvent } from '#server/modules/payments/gateway-payments.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { GatewayEvent, GatewayPayment, HostedCheckout } from '#server/modules/payments/providers/payment-provider.ts';
import type { CheckoutService, Settled } from './checkout.service.ts';

/** What became of a gateway's payment when it met our records. */
export type Applied = 'confirmed' | 'refunded' | 'already' | 'pending' | 'failed' | 'unknown' | 'amount_mismatch';

/** An attempt on the gateway's page is asked about after this long without news, while its order may still be paid. */
export const GATEWAY_QUIET_MS = 60_000;
const ASK_FOR_MS = 40 * 60_000;
/** A stored webhook not acted on (a crash, a refund not recorded yet) is tried again after this, for a day. */
const EVENT_RETRY_AFTER_MS = 5_000;
const EVENT_RETRY_FOR_MS = 24 * 60 * 60_000;

interface Deps {
  db: Db;
  checkout: Pick<CheckoutService, 'applyCapture'>;
  orders: OrdersService;
  payments: PaymentsService;
  gateway: GatewayPaymentsService;
  outbox: OutboxService;
  store: StoreInfo;
  now?: () => Date;
  log?: { warn: (message: string) => void; error: (error: unknown, message: string) => void };
  /** Fault injection for tests: called after the gateway captured and before we record it. */
  afterGatewayCapture?: (payment: GatewayPayment) => void;
}

const settledTo = (settled: Settled): Applied =>
  settled === 'confirmed' ? 'confirmed' : settled === 'finished-elsewhere' ? 'already' : 'refunded';

/**
 * Paying on a hosted gateway's page (Razorpay's Standard Checkout), and every way we learn of it.
 *
 * The attempt is written (one open attempt per order) before the gateway's order is made, and
 * stored with it before the shopper is sent to pay. The shopper's payment then reaches us by up
 * to three roads, in any order, any number of times: the browser's signed answer, the gateway's
 * signed webhooks (stored once by event id first), and the reconciler asking the gateway about
 * attempts it has heard nothing of. Each road fetches or carries the gateway's payment and hands
 * it to applyGatewayPayment, where the capture and the order's confirmation are one transaction
 * under the order's row (the checkout's applyCapture): the first road confirms, the others find it
 * done. A capture for an order that was cancelled meanwhile, or paid by another payment, is
 * refunded through the outbox. A crash anywhere leaves an attempt waiting on the gateway, or a
 * stored event not acted on: the reconciler (every few seconds) finishes both.
 */
export function createHostedCheckoutService(deps: Deps) {
  const { db, orders, payments, gateway, outbox, store } = deps;
  const now = deps.now ?? (() => new Date());
  /** Tests: a simulated crash right after the gateway captured, before anything is recorded. */
  const faults = { afterGatewayCapture: deps.afterGatewayCapture };
  const hosted = (): HostedCheckout => {
    if (!gateway.hosted) throw new AppError('CONFLICT', 'This store takes payments on its own pages, not through a hosted checkout');
    return gateway.hosted;
  };

  async function pendingOrder(userId: string, orderId: number): Promise<Order> {
    const order = await orders.get(userId, orderId);
    if (order.status !== 'pending_payment')
      throw new AppError('CONFLICT', order.status === 'cancelled' ? 'This order has been cancelled' : 'This order has already been paid');
    if (!order.canPay) throw new AppError('CONFLICT', 'The time to pay for this order has run out; it will be cancelled');
    return order;
  }

  /** A second capture of a gateway order whose attempt another payment already captured: recorded and refunded at once. */
  async function refundSecondCapture(attempt: GatewayAttempt, method: Payment['method'], payment: GatewayPayment): Promise<Applied> {
    const job = await db.transaction().execute(async (tx) => {
      await orders.hold(tx, attempt.orderId);
      if (await gateway.findByReference(payment.id, tx)) return null;
      const id = await gateway.insertCapture(tx, attempt.orderId, method, payment);
      return (await payments.queueFullRefund(tx, id, 'Order was already paid by another payment')) ?? null;
    });
    if (job === null) return 'already';
    await outbox.runNow([job]);
    return 'refunded';
  }

  /**
   * A payment the gateway reports (fetched, or in a verified webhook) meets our records. Safe to
   * call any number of times, from any road, on several processes at once.
   */
  async function applyGatewayPayment(reported: GatewayPayment, known?: GatewayAttempt): Promise<Applied> {
    const attempt =
      known ??
      (reported.orderId ? await gateway.findByGatewayOrder(reported.orderId) : undefined) ??
      (await gateway.findByReference(reported.id));
    if (!attempt) {
      deps.log?.warn(`The gateway reports payment ${reported.id} (order ${reported.orderId ?? 'none'}), which is none of ours`);
      return 'unknown';
    }
    if (reported.status === 'failed') {
      if (attempt.status === 'created') await gateway.noteFailure(attempt.id, reported.error ?? 'The payment failed at the bank');
      return 'failed';
    }
    if (reported.status === 'created') return 'pending';
    if (reported.amount !== attempt.amount) {
      deps.log?.error(
        new Error(`Amount mismatch: ${reported.amount} paise at the gateway, ${attempt.amount} here`),
        `Gateway payment ${reported.id} does not match payment ${attempt.id}; it is not confirmed and shows in the reconciliation`,
      );
      return 'amount_mismatch';
    }
    let payment = reported;
    if (payment.status === 'authorized') {
      // Authorized but not captured (the account does not capture by itself): captured only for an
      // order still awaiting it; otherwise the gateway hands the authorization back by itself.
      const order = await orders.getById(attempt.orderId);
      if (order.status !== 'pending_payment') return 'pending';
      payment = await hosted().capture(payment.id, payment.amount);
      if (payment.status !== 'captured') return 'pending';
    }
    faults.afterGatewayCapture?.(payment);
    const mine = await payments.find(attempt.id);
    if (attempt.status === 'created' || attempt.status === 'failed') {
      const settled = await deps.checkout.applyCapture(attempt.id, attempt.orderId, (tx) => gateway.capture(tx, attempt.id, payment));
      if (settled !== 'finished-elsewhere') return settledTo(settled);
    }
    // Captured already: by this very payment (another road got here first), or by another payment
    // of the same gateway order (the shopper paid twice), which goes back.
    const current = await gateway.findById(attempt.id);
    if (current?.reference === payment.id) return 'already';
    return refundSecondCapture(attempt, mine?.method ?? 'upi', payment);
  }

  async function resultOf(userId: string, paymentId: number, checkout?: PaymentResult['razorpay']): Promise<PaymentResult> {
    const payment = (await payments.find(paymentId))!;
    if (payment.status === 'refunded' && payment.refundedAmount === payment.amount && !checkout)
      throw new AppError('CONFLICT', 'This order could not take this payment; the amount has been refunded');
    const order = await orders.get(userId, payment.orderId);
    const next =
      payment.status === 'captured' || payment.status === 'partially_refunded'
        ? 'done'
        : payment.status === 'created'
          ? 'razorpay'
          : 'retry';
    return { payment, next, orderStatus: order.status, ...(checkout ? { razorpay: checkout } : {}) };
  }

  function checkoutFor(caller: { email: string }, order: Order, attempt: { amount: number }, gatewayOrderId: string, method: string) {
    return {
      keyId: hosted().keyId,
      orderId: gatewayOrderId,
      amount: attempt.amount,
      currency: 'INR' as const,
      name: store.name,
      description: `Order ${order.number}`,
      prefill: { name: order.address.name, email: caller.email, contact: order.address.phone },
      method: method as 'upi' | 'card' | 'netbanking' | 'emi',
    };
  }

  /** Acts on one stored webhook; a refund not recorded yet leaves it to be tried again. */
  async function act(stored: StoredEvent, event: GatewayEvent): Promise<void> {
    try {
      if (event.kind === 'payment') {
        await applyGatewayPayment(event.payment);
      } else if (event.kind === 'refund') {
        const status = event.name === 'refund.processed' ? 'processed' : 'failed';
        if (!(await gateway.settleRefund(event.refund.id, status, event.refund.arn))) {
          await gateway.eventFailed(stored.id, `Refund ${event.refund.id} is not recorded here yet`);
          return;
        }
        if (status === 'failed')
          deps.log?.error(new Error(`Refund ${event.refund.id} failed`), `The gateway could not refund payment ${event.refund.paymentId}`);
      }
      await gateway.eventProcessed(stored.id);
    } catch (error) {
      await gateway.eventFailed(stored.id, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  return {
    /**
     * Starts paying an order on the gateway's page: the attempt is written, then the gateway's
     * order for the order's total is made and stored with it. Asked again while the shopper has
     * not paid, the same gateway order is handed out, so one order is never paid twice through two.
     */
    async start(
      caller: { id: string; email: string },
      orderId: number,
      method: 'upi' | 'card' | 'netbanking' | 'emi',
    ): Promise<PaymentResult> {
      const order = await pendingOrder(caller.id, orderId);
      const waiting = await gateway.waitingAttemptOf(order.id);
      if (waiting?.gatewayOrderId && waiting.amount === order.total)
        return resultOf(caller.id, waiting.id, checkoutFor(caller, order, waiting, waiting.gatewayOrderId, method));
      const attempt = await db.transaction().execute(async (tx) => {
        if ((await orders.hold(tx, order.id)) !== 'pending_payment') return undefined;
        return gateway.open(tx, order.id, order.total, method);
      });
      if (!attempt) {
        await pendingOrder(caller.id, orderId); // says why: paid or cancelled meanwhile
        throw new AppError('CONFLICT', 'This order has already been paid');
      }
      let gatewayOrderId: string;
      try {
        ({ orderId: gatewayOrderId } = await hosted().startCheckout(attempt.amount, attempt.attemptKey));
      } catch (error) {
        // No gateway order reached the shopper: nothing can have been paid.
        await payments.failAttempt(attempt.id, 'The payment gateway could not be reached; no money was taken');
        deps.log?.error(error, `Creating the gateway's order for payment ${attempt.id} failed`);
        throw new AppError('UNAVAILABLE', 'The payment gateway cannot be reached just now. Please try again in a minute.');
      }
      if (!(await gateway.awaitGateway(attempt.id, gatewayOrderId)))
        throw new AppError('CONFLICT', 'This payment was given up meanwhile; please try again');
      return resultOf(caller.id, attempt.id, checkoutFor(caller, order, attempt, gatewayOrderId, method));
    },

    /**
     * The browser's answer from the gateway's checkout. Its signature is checked before anything
     * else: a forged one is refused (400), logged, and changes nothing. Then the payment is fetched
     * from the gateway (the answer itself is not trusted for the amount) and applied.
     */
    async completeFromBrowser(caller: { id: string }, paymentId: number, answer: RazorpayHandlerInput): Promise<PaymentResult> {
      const signed = hosted().verifyReturn({
        orderId: answer.razorpay_order_id,
        paymentId: answer.razorpay_payment_id,
        signature: answer.razorpay_signature,
      });
      if (!signed) {
        deps.log?.warn(`A payment answer for payment ${paymentId} with a wrong signature was refused (order ${answer.razorpay_order_id})`);
        throw new AppError('VALIDATION_FAILED', 'This payment could not be verified with the gateway; nothing was recorded');
      }
      const attempt = await gateway.findById(paymentId);
      if (!attempt) throw new AppError('NOT_FOUND', 'Payment not found');
      await orders.get(caller.id, attempt.orderId); // 404 for someone else's payment
      if (attempt.gatewayOrderId !== answer.razorpay_order_id)
        throw new AppError('VALIDATION_FAILED', 'This answer is for another payment');
      const reported = await hosted().fetchPayment(answer.razorpay_payment_id);
      if (reported.orderId !== attempt.gatewayOrderId) throw new AppError('VALIDATION_FAILED', 'This answer is for another payment');
      const applied = await applyGatewayPayment(reported, attempt);
      if (applied === 'amount_mismatch')
        throw new AppError('CONFLICT', 'The amount paid does not match this order; the store will look into it and refund what is due');
      return resultOf(caller.id, paymentId);
    },

    /**
     * A webhook: its signature over the raw body is checked first (400, nothing stored, when
     * wrong), it is stored once by its event id, and acted on unless a copy of it already was.
     */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<{ duplicate: boolean }> {
      if (!signature || !hosted().verifyWebhook(rawBody, signature)) {
        deps.log?.warn(`A webhook with a ${signature ? 'wrong' : 'missing'} signature was refused (event ${eventId ?? 'without id'})`);
        throw new AppError('VALIDATION_FAILED', 'The webhook signature does not match');
      }
      if (!eventId) throw new AppError('VALIDATION_FAILED', 'The webhook has no event id (X-Razorpay-Event-Id)');
      let event: GatewayEvent;
      try {
        event = hosted().parseWebhook(rawBody);
      } catch {
        throw new AppError('VALIDATION_FAILED', 'The webhook body is not JSON');
      }
      const stored = await gateway.storeEvent(eventId, event.name, rawBody.toString('utf8'));
      if (stored.processed) return { duplicate: true };
      await act(stored, event);
      return { duplicate: false };
    },

    /**
     * The reconciler's pass (every few seconds, on every process): stored webhooks not acted on are
     * tried again, and attempts on the gateway's page with no news for a minute are asked about.
     */
    async reconcile(): Promise<{ events: number; confirmed: number; refunded: number }> {
      const counts = { events: 0, confirmed: 0, refunded: 0 };
      if (!gateway.hosted) return counts;
      const at = now().getTime();
      for (const stored of await gateway.unprocessedEvents(new Date(at - EVENT_RETRY_FOR_MS), new Date(at - EVENT_RETRY_AFTER_MS))) {
        try {
          await act(stored, hosted().parseWebhook(Buffer.from(stored.payload, 'utf8')));
          counts.events++;
        } catch (error) {
          deps.log?.error(error, `Acting on stored webhook ${stored.eventId} failed; it will be tried again`);
        }
      }
      for (const attempt of await gateway.waitingOnGateway(new Date(at - ASK_FOR_MS), new Date(at - GATEWAY_QUIET_MS))) {
        try {
          let applied: Applied = 'pending';
          for (const reported of await hosted().paymentsOfOrder(attempt.gatewayOrderId!)) {
            if (reported.status !== 'captured' && reported.status !== 'authorized') continue;
            applied = await applyGatewayPayment(reported, attempt);
            if (applied === 'confirmed') counts.confirmed++;
            if (applied === 'refunded') counts.refunded++;
          }
          if (applied === 'pending') await gateway.touch(attempt.id); // asked again a minute from now
        } catch (error) {
          deps.log?.error(error, `Asking the gateway about payment ${attempt.id} failed; it will be tried again`);
        }
      }
      return counts;
    },

    applyGatewayPayment,
    faults,
  };
}

export type HostedCheckoutService = ReturnType<typeof createHostedCheckoutService>;
