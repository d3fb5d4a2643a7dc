import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { GatewayEvent, GatewayPayment, GatewaySettlement, HostedCheckout, PaymentProvider } from './payment-provider.ts';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or the fake gateway in tests */
  apiUrl: string;
  /** Standard Checkout's script, https://checkout.razorpay.com/v1/checkout.js */
  checkoutUrl: string;
  /** how long one call to Razorpay may take */
  timeoutMs?: number;
}

// Razorpay's own shapes, as its API reference gives them: they never leave this file.
interface RzpPayment {
  id: string;
  order_id?: string | null;
  amount: number | string;
  status: GatewayPayment['status'];
  amount_refunded?: number | string | null;
  method: string;
  error_description?: string | null;
  created_at: number;
  vpa?: string | null;
  bank?: string | null;
  card?: { network?: string | null; last4?: string | null } | null;
}
interface RzpRefund {
  id: string;
  payment_id: string;
  amount: number | string;
  status: 'pending' | 'processed' | 'failed';
  acquirer_data?: { arn?: string | null } | null;
}
interface RzpSettlement {
  id: string;
  amount: number | string;
  fees?: number | string | null;
  tax?: number | string | null;
  utr?: string | null;
  created_at: number;
}
interface RzpWebhook {
  event: string;
  payload?: {
    payment?: { entity: RzpPayment };
    refund?: { entity: RzpRefund };
    order?: { entity: { id: string } };
  };
}
interface RzpList<T> {
  count: number;
  items: T[];
}
/** The SDK's axios instance: its base URL and timeout are set here, and a refund needs a header the SDK's methods do not pass. */
interface RzpHttp {
  defaults: { baseURL?: string; timeout?: number };
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
}

const PAGE = 100;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Razorpay's error, or a network's, as one readable Error (the outbox and the logs keep its message). */
function gatewayError(error: unknown): Error {
  type Described = { code?: string; description?: string };
  const e = error as { statusCode?: number; error?: Described; response?: { status?: number; data?: { error?: Described } } };
  // The SDK's methods throw { statusCode, error }; its HTTP client (used for refunds) throws axios's error.
  const described = e?.error ?? e?.response?.data?.error;
  const status = e?.statusCode ?? e?.response?.status;
  if (described?.description) return new Error(`Razorpay answered ${status ?? ''} ${described.code ?? ''}: ${described.description}`);
  if (error instanceof Error) return new Error(`Razorpay could not be reached: ${error.message}`);
  return new Error(`Razorpay failed: ${String(error)}`);
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw gatewayError(error);
  }
}

function hmacMatches(message: string | Buffer, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(message).digest();
  const given = Buffer.from(signature, 'hex');
  // A signature of the wrong length (or not hex) can never match; timingSafeEqual needs equal lengths.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function toPayment(p: RzpPayment): GatewayPayment {
  const details: GatewayPayment['details'] = {};
  if (p.vpa) details.vpa = p.vpa;
  if (p.bank) details.bank = p.bank;
  if (p.card?.network) details.network = p.card.network;
  if (p.card?.last4) details.last4 = p.card.last4;
  return {
    id: p.id,
    orderId: p.order_id ?? null,
    amount: Number(p.amount),
    status: p.status,
    amountRefunded: Number(p.amount_refunded ?? 0),
    method: p.method,
    error: p.error_description ?? null,
    createdAt: new Date(p.created_at * 1000).toISOString(),
    details,
  };
}

const toSettlement = (s: RzpSettlement): GatewaySettlement => ({
  id: s.id,
  amount: Number(s.amount),
  fees: Number(s.fees ?? 0),
  tax: Number(s.tax ?? 0),
  utr: s.utr ?? null,
  settledAt: new Date(s.created_at * 1000).toISOString(),
});

/**
 * Razorpay, through its official SDK: Standard Checkout orders, the handler's and the webhooks'
 * signatures (HMAC-SHA256, compared in constant time; the SDK's own helpers compare with ===),
 * captures, refunds with Razorpay's X-Refund-Idempotency header (our outbox job's key: a repeated
 * request with the same key and body refunds once), and the day's payments and settlements.
 *
 * Charges never go through charge(): the shopper pays on Razorpay's page (see HostedCheckout).
 */
export function createRazorpayProvider(config: RazorpayConfig): PaymentProvider & { hosted: HostedCheckout } {
  const client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  const http = (client.api as unknown as { rq: RzpHttp }).rq;
  // The SDK is built for api.razorpay.com; tests point it at the fake gateway.
  http.defaults.baseURL = config.apiUrl.replace(/\/$/, '');
  // The SDK sets no timeout: a call that hangs would hold a payment (or an outbox job) forever.
  http.defaults.timeout = config.timeoutMs ?? 20_000;

  async function allPages<T>(fetchPage: (skip: number) => Promise<RzpList<T>>): Promise<T[]> {
    const all: T[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const page = await call(() => fetchPage(skip));
      all.push(...page.items);
      if (page.items.length < PAGE) return all;
    }
  }

  const hosted: HostedCheckout = {
    keyId: config.keyId,
    checkoutScriptUrl: config.checkoutUrl,

    async startCheckout(amount, receipt) {
      // Razorpay's receipt holds at most 40 characters.
      const order = await call(() => client.orders.create({ amount, currency: 'INR', receipt: receipt.slice(0, 40) }));
      return { orderId: order.id };
    },

    verifyReturn: ({ orderId, paymentId, signature }) => hmacMatches(`${orderId}|${paymentId}`, signature, config.keySecret),
    verifyWebhook: (rawBody, signature) => hmacMatches(rawBody, signature, config.webhookSecret),

    parseWebhook(rawBody): GatewayEvent {
      const body = JSON.parse(rawBody.toString('utf8')) as RzpWebhook;
      const payment = body.payload?.payment?.entity;
      const refund = body.payload?.refund?.entity;
      if ((body.event === 'payment.captured' || body.event === 'payment.failed' || body.event === 'order.paid') && payment)
        return { kind: 'payment', name: body.event, payment: toPayment(payment) };
      if ((body.event === 'refund.processed' || body.event === 'refund.failed') && refund)
        return {
          kind: 'refund',
          name: body.event,
          refund: { id: refund.id, paymentId: refund.payment_id, amount: Number(refund.amount), arn: refund.acquirer_data?.arn ?? null },
        };
      return { kind: 'other', name: String(body.event) };
    },

    fetchPayment: async (paymentId) => toPayment((await call(() => client.payments.fetch(paymentId))) as unknown as RzpPayment),

    async paymentsOfOrder(orderId) {
      const list = (await call(() => client.orders.fetchPayments(orderId))) as unknown as RzpList<RzpPayment>;
      return list.items.map(toPayment);
    },

    capture: async (paymentId, amount) =>
      toPayment((await call(() => client.payments.capture(paymentId, amount, 'INR'))) as unknown as RzpPayment),

    async paymentsBetween(from, to) {
      const items = await allPages(
        (skip) =>
          client.payments.all({ from: seconds(from), to: seconds(to), count: PAGE, skip }) as unknown as Promise<RzpList<RzpPayment>>,
      );
      return items.map(toPayment);
    },

    async settlementsBetween(from, to) {
      const items = await allPages(
        (skip) =>
          client.settlements.all({ from: seconds(from), to: seconds(to), count: PAGE, skip }) as unknown as Promise<RzpList<RzpSettlement>>,
      );
      return items.map(toSettlement);
    },
  };

  const notHere = (what: string) => () => Promise.reject(new Error(`Razorpay takes ${what} in its own checkout, not through our server`));

  return {
    name: 'razorpay',
    testMode: config.keyId.startsWith('rzp_test_'),
    gateway: { provider: 'razorpay', keyId: config.keyId, checkoutScriptUrl: config.checkoutUrl },
    hosted,
    charge: notHere('payments'),
    confirm: notHere('OTPs and bank pages'),
    // Our attempt key is only the order's receipt; an attempt whose order was never handed to
    // the shopper cannot have been paid, so the checkout's reconciler gives it up when stale.
    lookup: async () => ({ status: 'unknown' }),

    async refund(reference, amount, idempotencyKey) {
      // The same body with the same key is one refund (Razorpay: "a different payload will be
      // rejected"). Razorpay's keys have at least 10 characters: ours are prefixed to be sure.
      const key = `cb-${idempotencyKey}`;
      const answer = await call(() =>
        http.post(
          `/v1/payments/${encodeURIComponent(reference)}/refund`,
          { amount, speed: 'normal', notes: { idempotency_key: key } },
          { headers: { 'X-Refund-Idempotency': key, 'Content-Type': 'application/json' } },
        ),
      );
      const refund = answer.data as RzpRefund;
      return { reference: refund.id, status: refund.status, arn: refund.acquirer_data?.arn ?? null };
    },

    payout: () =>
      Promise.reject(
        new Error('Refunds of Cash on Delivery are payouts, which Razorpay makes through RazorpayX: pay this one from the bank by hand'),
      ),
  };
}
