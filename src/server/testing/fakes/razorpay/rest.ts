import type { Ledger, SettlementRecord } from './ledger.ts';
import { badRequest, RazorpayApiError, type Collection, type PaymentEntity, type RefundEntity } from './protocol.ts';

export interface RestContext {
  ledger: Ledger;
  /** called once the answer to a refund request has been written or lost */
  afterRefund: (refund: RefundEntity) => void;
}

type Query = URLSearchParams;
/** `done` runs once the answer has been written (or lost on purpose). */
type Answer = { status: number; body: unknown; done?: () => void };
type Handler = (match: string[], body: Record<string, unknown>, query: Query, headers: Record<string, string>) => Answer;

interface Idempotent {
  paymentId: string;
  body: string;
  refundId: string | null;
  inFlight: boolean;
}

const IST_OFFSET_SECONDS = 5.5 * 3600;

function page<T extends { created_at: number }>(all: T[], query: Query, max = 100): Collection<T> {
  const number = (name: string) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return undefined;
    if (!/^\d+$/.test(raw)) throw badRequest(`The ${name} must be an integer.`, name);
    return Number(raw);
  };
  const from = number('from');
  const to = number('to');
  const count = number('count') ?? 10;
  const skip = number('skip') ?? 0;
  if (count < 1) throw badRequest('The count must be at least 1.', 'count');
  if (count > max) throw badRequest(`The count may not be greater than ${max}.`, 'count');
  const items = all
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => (from === undefined || item.created_at >= from) && (to === undefined || item.created_at <= to))
    .sort((a, b) => b.item.created_at - a.item.created_at || b.index - a.index)
    .slice(skip, skip + count)
    .map(({ item }) => item);
  return { entity: 'collection', count: items.length, items };
}

/** The day a settlement belongs to, in India's time, as recon/combined's year, month and day select it. */
function istDate(seconds: number): { year: number; month: number; day: number } {
  const date = new Date((seconds + IST_OFFSET_SECONDS) * 1000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function reconItems(ledger: Ledger, record: SettlementRecord) {
  const { entity: settlement } = record;
  const common = {
    currency: 'INR',
    on_hold: false,
    settled: true,
    settled_at: settlement.created_at,
    settlement_id: settlement.id,
    settlement_utr: settlement.utr,
    posted_at: null,
    credit_type: 'default',
    description: null,
    dispute_id: null,
  };
  const paymentFields = (p: PaymentEntity) => {
    const order = p.order_id ? ledger.orders.get(p.order_id) : undefined;
    return {
      order_id: p.order_id,
      order_receipt: order?.receipt ?? null,
      method: p.method,
      card_network: p.card?.network ?? null,
      card_issuer: p.card?.issuer ?? null,
      card_type: p.card?.type ?? null,
    };
  };
  const payments = record.paymentIds.map((id) => {
    const p = ledger.payment(id);
    return {
      entity_id: p.id,
      type: 'payment',
      debit: 0,
      credit: p.amount - (p.fee ?? 0),
      amount: p.amount,
      fee: p.fee ?? 0,
      tax: p.tax ?? 0,
      created_at: p.created_at,
      notes: p.notes,
      payment_id: null,
      ...paymentFields(p),
      ...common,
    };
  });
  const refunds = record.refundIds.map((id) => {
    const r = ledger.refunds.get(id);
    if (!r) throw new Error(`no refund ${id}`);
    const p = ledger.payment(r.payment_id);
    return {
      entity_id: r.id,
      type: 'refund',
      debit: r.amount,
      credit: 0,
      amount: r.amount,
      fee: 0,
      tax: 0,
      created_at: r.created_at,
      notes: r.notes,
      payment_id: p.id,
      ...paymentFields(p),
      ...common,
    };
  });
  return [...payments, ...refunds];
}

/**
 * Razorpay's REST API under /v1, for the calls the store makes. Each handler answers as the
 * reference documents: the entity itself, a collection, or a 400 with Razorpay's error body.
 */
export function createRestRoutes(context: RestContext) {
  const { ledger } = context;
  const idempotency = new Map<string, Idempotent>();

  const refund: Handler = ([id = ''], body, _query, headers) => {
    const key = headers['x-refund-idempotency'];
    if (key === undefined) {
      const created = ledger.createRefund(id, body);
      return { status: 200, body: created, done: () => context.afterRefund(created) };
    }
    if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) {
      throw badRequest('The idempotency key must be at least 10 characters and contain only alphabets, numbers, hyphens and underscores');
    }
    const signature = JSON.stringify(body);
    const earlier = idempotency.get(key);
    if (earlier) {
      if (earlier.paymentId !== id || earlier.body !== signature) {
        throw new RazorpayApiError(400, 'Different request with the same idempotency key has already been processed.');
      }
      if (earlier.inFlight || earlier.refundId === null) {
        throw new RazorpayApiError(409, 'A request with the same idempotency key is being processed. Please retry later.');
      }
      const found = ledger.refunds.get(earlier.refundId);
      return { status: 200, body: found };
    }
    const entry: Idempotent = { paymentId: id, body: signature, refundId: null, inFlight: true };
    idempotency.set(key, entry);
    try {
      const created = ledger.createRefund(id, body);
      entry.refundId = created.id;
      const done = () => {
        entry.inFlight = false;
        context.afterRefund(created);
      };
      return { status: 200, body: created, done };
    } catch (error) {
      idempotency.delete(key);
      throw error;
    }
  };

  const routes: Array<[string, RegExp, Handler]> = [
    ['POST', /^\/v1\/orders$/, (_m, body) => ({ status: 200, body: ledger.createOrder(body) })],
    [
      'GET',
      /^\/v1\/orders$/,
      (_m, _b, query) => {
        const receipt = query.get('receipt');
        const all = [...ledger.orders.values()].filter((o) => !receipt || o.receipt === receipt);
        return { status: 200, body: page(all, query) };
      },
    ],
    ['GET', /^\/v1\/orders\/([^/]+)$/, ([id = '']) => ({ status: 200, body: ledger.order(id) })],
    [
      'GET',
      /^\/v1\/orders\/([^/]+)\/payments$/,
      ([id = '']) => {
        ledger.order(id);
        const items = [...ledger.payments.values()].filter((p) => p.order_id === id);
        return { status: 200, body: { entity: 'collection', count: items.length, items } };
      },
    ],
    ['GET', /^\/v1\/payments$/, (_m, _b, query) => ({ status: 200, body: page([...ledger.payments.values()], query) })],
    ['GET', /^\/v1\/payments\/([^/]+)$/, ([id = '']) => ({ status: 200, body: ledger.payment(id) })],
    ['POST', /^\/v1\/payments\/([^/]+)\/capture$/, ([id = ''], body) => ({ status: 200, body: ledger.capture(id, body) })],
    ['POST', /^\/v1\/payments\/([^/]+)\/refund$/, refund],
    [
      'GET',
      /^\/v1\/payments\/([^/]+)\/refunds$/,
      ([id = ''], _b, query) => {
        ledger.payment(id);
        return {
          status: 200,
          body: page(
            [...ledger.refunds.values()].filter((r) => r.payment_id === id),
            query,
          ),
        };
      },
    ],
    [
      'GET',
      /^\/v1\/payments\/([^/]+)\/refunds\/([^/]+)$/,
      ([id = '', refundId = '']) => {
        const found = ledger.refunds.get(refundId);
        if (!found || found.payment_id !== id) throw badRequest('The id provided does not exist', undefined, 'NA');
        return { status: 200, body: found };
      },
    ],
    ['GET', /^\/v1\/refunds$/, (_m, _b, query) => ({ status: 200, body: page([...ledger.refunds.values()], query) })],
    [
      'GET',
      /^\/v1\/refunds\/([^/]+)$/,
      ([id = '']) => {
        const found = ledger.refunds.get(id);
        if (!found) throw badRequest('The id provided does not exist', undefined, 'NA');
        return { status: 200, body: found };
      },
    ],
    [
      'GET',
      /^\/v1\/settlements$/,
      (_m, _b, query) => ({
        status: 200,
        body: page(
          [...ledger.settlements.values()].map((s) => s.entity),
          query,
        ),
      }),
    ],
    [
      'GET',
      /^\/v1\/settlements\/recon\/combined$/,
      (_m, _b, query) => {
        const year = Number(query.get('year'));
        const month = Number(query.get('month'));
        const dayText = query.get('day');
        if (!Number.isInteger(year) || year < 2000) throw badRequest('The year field is required.', 'year');
        if (!Number.isInteger(month) || month < 1 || month > 12) throw badRequest('The month field is required.', 'month');
        const day = dayText ? Number(dayText) : undefined;
        const matching = [...ledger.settlements.values()].filter((s) => {
          const date = istDate(s.entity.created_at);
          return date.year === year && date.month === month && (day === undefined || date.day === day);
        });
        const items = matching.flatMap((s) => reconItems(ledger, s));
        const count = Math.min(Number(query.get('count') ?? 1000) || 1000, 1000);
        const skip = Number(query.get('skip') ?? 0) || 0;
        const slice = items.slice(skip, skip + count);
        return { status: 200, body: { entity: 'collection', count: slice.length, items: slice } };
      },
    ],
    [
      'GET',
      /^\/v1\/settlements\/([^/]+)$/,
      ([id = '']) => {
        const found = ledger.settlements.get(id);
        if (!found) throw badRequest('The id provided does not exist', undefined, 'NA');
        return { status: 200, body: found.entity };
      },
    ],
  ];

  /** Runs the request; throws RazorpayApiError for what Razorpay refuses. */
  return function route(
    method: string,
    pathname: string,
    query: Query,
    body: Record<string, unknown>,
    headers: Record<string, string>,
  ): Answer {
    for (const [verb, pattern, handler] of routes) {
      const match = pattern.exec(pathname);
      if (verb === method && match) return handler(match.slice(1), body, query, headers);
    }
    throw new RazorpayApiError(400, 'The requested URL was not found on the server.');
  };
}
