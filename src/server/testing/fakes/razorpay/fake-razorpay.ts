import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { control } from './control.ts';
import { createLedger } from './ledger.ts';
import { razorpayId, RazorpayApiError, razorpayError, signPayment, type PaymentMethod, type RazorpayError } from './protocol.ts';
import { createRestRoutes } from './rest.ts';
import { createWebhookSender, type SentWebhook } from './webhooks.ts';

export { signWebhook } from './protocol.ts';

/**
 * A local fake of Razorpay's protocol for tests: the REST API under /v1 that the official SDK
 * calls, signed webhooks, the Standard Checkout script for the browser, and switches that make
 * the gateway fail, lose answers, stall, or send webhooks twice, late or out of order.
 * README.md next to this file says what it follows and where it differs from Razorpay.
 */
export interface FakeRazorpay {
  /** base URL, e.g. http://127.0.0.1:PORT (REST under /v1) */
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** where webhooks are POSTed; set by the test */
  webhookUrl: string | null;
  switches: FakeRazorpaySwitches;
  /** The shopper pays in Checkout: makes the payment entity (auto-captured, or failed), queues the webhooks, returns the handler payload. */
  pay(orderId: string, options?: PayOptions): Promise<PayResult>;
  /** Sends held webhooks and waits until every webhook so far has been delivered. */
  flushWebhooks(): Promise<void>;
  /** Moves every pending refund to processed (or failed, with `failRefunds`), as the bank answers. */
  processRefunds(): Promise<void>;
  sentWebhooks: SentWebhook[];
  requests: Array<{ method: string; path: string; body: unknown; headers: Record<string, string> }>;
  /** a settlement for captured payments not yet settled, with fees (2%) and tax (18% of fees), utr */
  settle(options?: { date?: Date }): { id: string };
  /** a payment we never heard of */
  plantPayment(options: { amount: number; status?: 'captured' | 'authorized' | 'failed'; orderId?: string; createdAt?: Date }): {
    id: string;
  };
  /** plant an amount mismatch */
  setAmount(paymentId: string, amount: number): void;
  close(): Promise<void>;
}

export interface FakeRazorpaySwitches {
  /** consumed in order: the first matching request is answered with this status and not performed */
  failNext: Array<{ method?: string; path?: RegExp; status: number; error?: { code: string; description: string } }>;
  /** performs the first matching request, then destroys the socket (answer lost) */
  loseNextAnswer: Array<{ method?: string; path?: RegExp }>;
  /** delay every REST answer (the request is performed first) */
  delayMs: number;
  webhookDelayMs: number;
  /** send each event twice, with the same event id */
  duplicateWebhooks: boolean;
  /** send queued events in reverse order */
  reorderWebhooks: boolean;
  /** queue events until flushWebhooks() */
  holdWebhooks: boolean;
  /** the bank refuses refunds: refund.failed instead of refund.processed */
  failRefunds: boolean;
  /** leave refunds pending until processRefunds() */
  holdRefunds: boolean;
}

export interface PayOptions {
  method?: PaymentMethod;
  fail?: boolean;
  amount?: number;
}

export type PayResult =
  | { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  | { error: RazorpayError & { metadata: { order_id: string; payment_id: string } } };

export interface StartOptions {
  port?: number;
  host?: string;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  webhookUrl?: string | null;
}

const checkoutScript = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'checkout.js'), 'utf8');

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
};

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** JSON, or a form body with Razorpay's `notes[key]=value` convention. */
function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (raw.trim() === '') return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    const body: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(raw)) {
      const nested = /^(\w+)\[(\w+)\]$/.exec(key);
      if (nested) {
        const [, outer = '', inner = ''] = nested;
        const target = (body[outer] ??= {}) as Record<string, unknown>;
        target[inner] = value;
      } else {
        body[key] = /^\d+$/.test(value) ? Number(value) : value;
      }
    }
    return body;
  }
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new RazorpayApiError(400, 'The request body must be an object');
  return parsed as Record<string, unknown>;
}

function flatHeaders(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function send(response: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text), ...extra });
  response.end(text);
}

const matches = (rule: { method?: string; path?: RegExp }, method: string, path: string) =>
  (rule.method === undefined || rule.method.toUpperCase() === method) && (rule.path === undefined || rule.path.test(path));

export async function startFakeRazorpay(options: StartOptions = {}): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? razorpayId('rzp_test');
  const keySecret = options.keySecret ?? (razorpayId('') + razorpayId('')).slice(0, 24);
  const webhookSecret = options.webhookSecret ?? razorpayId('whsec');
  const switches: FakeRazorpaySwitches = {
    failNext: [],
    loseNextAnswer: [],
    delayMs: 0,
    webhookDelayMs: 0,
    duplicateWebhooks: false,
    reorderWebhooks: false,
    holdWebhooks: false,
    failRefunds: false,
    holdRefunds: false,
  };
  const sentWebhooks: SentWebhook[] = [];
  const requests: FakeRazorpay['requests'] = [];
  // The fake object is filled in below; the webhook sender reads its URL on every delivery.
  const fake = { webhookUrl: options.webhookUrl ?? null } as FakeRazorpay;
  const sender = createWebhookSender({
    accountId: razorpayId('acc'),
    secret: webhookSecret,
    url: () => fake.webhookUrl,
    switches,
    sent: sentWebhooks,
  });
  const ledger = createLedger((events) => sender.enqueue(events));
  const pendingRefunds = new Set<string>();
  const finishPendingRefunds = () => {
    for (const id of pendingRefunds) ledger.finishRefund(id, switches.failRefunds ? 'failed' : 'processed');
    pendingRefunds.clear();
  };
  const route = createRestRoutes({
    ledger,
    afterRefund: (refund) => {
      pendingRefunds.add(refund.id);
      if (!switches.holdRefunds) setImmediate(() => !switches.holdRefunds && finishPendingRefunds());
    },
  });

  function pay(orderId: string, payOptions: PayOptions = {}): PayResult {
    const { payment, failure } = ledger.pay(orderId, payOptions);
    if (failure) return { error: { ...failure, metadata: { order_id: orderId, payment_id: payment.id } } };
    return { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: signPayment(orderId, payment.id, keySecret) };
  }

  function authorize(headers: Record<string, string>): void {
    const header = headers.authorization ?? '';
    if (!header.startsWith('Basic ')) throw new RazorpayApiError(401, 'Please provide your api key for authentication purposes.');
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const [id, secret] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
    if (id !== keyId) throw new RazorpayApiError(401, 'The api key provided is invalid');
    if (secret !== keySecret) throw new RazorpayApiError(401, 'The api key/secret provided is invalid');
  }

  async function rest(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    method: string,
    url: URL,
    headers: Record<string, string>,
  ) {
    const path = url.pathname + url.search;
    let body: Record<string, unknown> = {};
    try {
      body = parseBody(await readBody(request), headers['content-type']);
    } finally {
      requests.push({ method, path, body, headers });
    }
    authorize(headers);
    const failIndex = switches.failNext.findIndex((rule) => matches(rule, method, path));
    if (failIndex >= 0) {
      const [rule] = switches.failNext.splice(failIndex, 1);
      if (rule) {
        const code = rule.error?.code ?? (rule.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR');
        const description =
          rule.error?.description ??
          (rule.status >= 500 ? 'The server encountered an error. The incident has been reported to admins.' : 'Bad request');
        send(response, rule.status, razorpayError(description, { code }));
        return;
      }
    }
    const answer = route(method, url.pathname, url.searchParams, body, headers);
    const loseIndex = switches.loseNextAnswer.findIndex((rule) => matches(rule, method, path));
    if (loseIndex >= 0) {
      switches.loseNextAnswer.splice(loseIndex, 1);
      response.socket?.destroy();
      answer.done?.();
      return;
    }
    if (switches.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.delayMs));
    send(response, answer.status, answer.body);
    answer.done?.();
  }

  async function checkoutPay(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = parseBody(await readBody(request), 'application/json');
    requests.push({ method: 'POST', path: '/_fake/checkout/pay', body, headers: flatHeaders(request) });
    if (body.key !== keyId) throw new RazorpayApiError(401, 'The api key provided is invalid');
    const method = (['upi', 'card', 'netbanking', 'emi'] as const).find((m) => m === body.method) ?? 'upi';
    send(response, 200, pay(String(body.order_id ?? ''), { method, fail: body.fail === true }), CORS);
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.razorpay');
    const method = (request.method ?? 'GET').toUpperCase();
    const headers = flatHeaders(request);
    const handle = async () => {
      if (method === 'OPTIONS') {
        // Whatever headers the page adds (Playwright gives each shopper an X-Forwarded-For) are allowed, as Razorpay's checkout allows its own.
        const asked = headers['access-control-request-headers'];
        response.writeHead(204, asked ? { ...CORS, 'access-control-allow-headers': asked } : CORS);
        response.end();
      } else if (method === 'GET' && (url.pathname === '/v1/checkout.js' || url.pathname === '/checkout.js')) {
        response.writeHead(200, { 'content-type': 'application/javascript; charset=UTF-8', 'cache-control': 'no-store', ...CORS });
        response.end(checkoutScript);
      } else if (method === 'POST' && url.pathname === '/_fake/checkout/pay') {
        await checkoutPay(request, response);
      } else if (method === 'GET' && url.pathname.startsWith('/_fake/checkout/orders/')) {
        // Checkout takes the amount from the order when the page passes none, as Razorpay's does.
        if (url.searchParams.get('key') !== keyId) throw new RazorpayApiError(401, 'The api key provided is invalid');
        const order = ledger.order(decodeURIComponent(url.pathname.slice('/_fake/checkout/orders/'.length)));
        send(response, 200, { id: order.id, amount: order.amount_due, currency: order.currency, status: order.status }, CORS);
      } else if (url.pathname.startsWith('/_fake/')) {
        const body = parseBody(await readBody(request), 'application/json');
        authorize(headers);
        const answer = await control(fake, method, url.pathname, body);
        if (answer === undefined) throw new RazorpayApiError(400, 'The requested URL was not found on the server.');
        send(response, 200, answer);
      } else {
        await rest(request, response, method, url, headers);
      }
    };
    handle().catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return;
      const cors = url.pathname.startsWith('/_fake/') ? CORS : {};
      if (error instanceof RazorpayApiError) send(response, error.status, error.body, cors);
      else if (error instanceof SyntaxError) send(response, 400, razorpayError('The request body is not valid JSON'), cors);
      else send(response, 500, razorpayError(String(error), { code: 'SERVER_ERROR' }), cors);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    switches,
    sentWebhooks,
    requests,
    pay: async (orderId: string, payOptions?: PayOptions) => pay(orderId, payOptions),
    flushWebhooks: () => sender.flush(),
    processRefunds: async () => {
      finishPendingRefunds();
      await sender.idle();
    },
    settle: (settleOptions: { date?: Date } = {}) => ({ id: ledger.settle(settleOptions.date).entity.id }),
    plantPayment: (plant: Parameters<FakeRazorpay['plantPayment']>[0]) => ({ id: ledger.plantPayment(plant).id }),
    setAmount: (paymentId: string, amount: number) => ledger.setAmount(paymentId, amount),
    close: async () => {
      await sender.idle();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  });
}
