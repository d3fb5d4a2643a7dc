import {
  badRequest,
  failureFor,
  parseNotes,
  razorpayId,
  unixSeconds,
  type OrderEntity,
  type PaymentEntity,
  type PaymentMethod,
  type RefundEntity,
  type SettlementEntity,
} from './protocol.ts';

/** One webhook event about to be sent: its name and the entities it carries. */
export interface PendingEvent {
  event: string;
  payload: Record<string, { entity: unknown }>;
}

export interface SettlementRecord {
  entity: SettlementEntity;
  paymentIds: string[];
  refundIds: string[];
}

/** Razorpay's fee on a captured payment: 2% plus 18% GST on it, as the fake's price list. */
export function feeFor(amount: number): { fee: number; tax: number } {
  const base = Math.round(amount * 0.02);
  const tax = Math.round(base * 0.18);
  return { fee: base + tax, tax };
}

const MAX_RECEIPT = 40;

/**
 * The fake's books: orders, payments, refunds and settlements, moved through the states Razorpay
 * documents. Every change that Razorpay announces by webhook is handed to `emit`, in the order
 * Razorpay sends them.
 */
export function createLedger(emit: (events: PendingEvent[]) => void) {
  const orders = new Map<string, OrderEntity>();
  const payments = new Map<string, PaymentEntity>();
  const refunds = new Map<string, RefundEntity>();
  const settlements = new Map<string, SettlementRecord>();
  const settled = new Set<string>();

  const order = (id: string) => {
    const found = orders.get(id);
    if (!found) throw badRequest('The id provided does not exist', undefined, 'NA');
    return found;
  };
  const payment = (id: string) => {
    const found = payments.get(id);
    if (!found) throw badRequest('The id provided does not exist', undefined, 'NA');
    return found;
  };
  const paymentEvents = (p: PaymentEntity, event: string): PendingEvent => ({ event, payload: { payment: { entity: { ...p } } } });

  function createOrder(body: Record<string, unknown>): OrderEntity {
    const { amount, currency = 'INR', receipt, notes, partial_payment: partial } = body;
    if (amount === undefined) throw badRequest('The amount field is required.', 'amount');
    if (typeof amount !== 'number' || !Number.isInteger(amount)) throw badRequest('The amount must be an integer.', 'amount');
    if (amount < 100) throw badRequest('Order amount less than minimum amount allowed', 'amount', 'amount_less_than_minimum_amount');
    if (currency !== 'INR') throw badRequest('Currency is not supported', 'currency');
    if (receipt !== undefined && receipt !== null && (typeof receipt !== 'string' || receipt.length > MAX_RECEIPT)) {
      throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
    }
    if (partial === true)
      throw badRequest('partial_payment is/are not required and should not be sent', 'partial_payment', 'extra_field_sent');
    // Razorpay does not deduplicate on receipt: the same receipt twice makes two orders.
    if (body.unique_receipt === true && typeof receipt === 'string' && [...orders.values()].some((o) => o.receipt === receipt)) {
      throw badRequest('Order receipt should be unique.', 'receipt');
    }
    const entity: OrderEntity = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: typeof receipt === 'string' ? receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: parseNotes(notes),
      created_at: unixSeconds(),
    };
    orders.set(entity.id, entity);
    return entity;
  }

  function newPayment(options: {
    amount: number;
    method: PaymentMethod;
    orderId: string | null;
    status: PaymentEntity['status'];
    createdAt?: Date;
    notes?: PaymentEntity['notes'];
  }): PaymentEntity {
    const { method } = options;
    const cardId = method === 'card' || method === 'emi' ? razorpayId('card') : null;
    const entity: PaymentEntity = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: options.amount,
      currency: 'INR',
      status: options.status,
      order_id: options.orderId,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: null,
      card_id: cardId,
      card: cardId
        ? {
            id: cardId,
            entity: 'card',
            name: 'Test Shopper',
            last4: '1111',
            network: 'Visa',
            type: 'credit',
            issuer: 'HDFC',
            emi: method === 'emi',
          }
        : null,
      bank: method === 'netbanking' ? 'HDFC' : null,
      wallet: null,
      vpa: method === 'upi' ? 'success@razorpay' : null,
      email: 'shopper@example.com',
      contact: '+919876543210',
      notes: options.notes ?? [],
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: method === 'upi' ? { rrn: String(Date.now()).slice(-12), upi_transaction_id: null } : { auth_code: '123456' },
      ...(method === 'emi' ? { emi_plan: { issuer: 'HDFC', type: 'credit', rate: 1500, duration: 6 } } : {}),
      created_at: unixSeconds(options.createdAt),
    };
    payments.set(entity.id, entity);
    return entity;
  }

  /** Marks a payment captured, with its fee, and the order paid; returns the events it causes. */
  function markCaptured(p: PaymentEntity): PendingEvent[] {
    const { fee, tax } = feeFor(p.amount);
    Object.assign(p, { status: 'captured', captured: true, fee, tax });
    const events = [paymentEvents(p, 'payment.captured')];
    const o = p.order_id ? orders.get(p.order_id) : undefined;
    if (o && o.status !== 'paid') {
      Object.assign(o, { status: 'paid', amount_paid: p.amount, amount_due: Math.max(0, o.amount - p.amount) });
      events.push({ event: 'order.paid', payload: { payment: { entity: { ...p } }, order: { entity: { ...o } } } });
    }
    return events;
  }

  /** The shopper pays in Checkout: authorized and captured at once (Razorpay's automatic capture), or failed. */
  function pay(orderId: string, options: { method?: PaymentMethod; fail?: boolean; amount?: number; capture?: boolean } = {}) {
    const o = order(orderId);
    if (o.status === 'paid') throw badRequest('Order has already been paid', 'order_id', 'order_already_paid');
    const method = options.method ?? 'upi';
    o.attempts += 1;
    if (o.status === 'created') o.status = 'attempted';
    const p = newPayment({ amount: options.amount ?? o.amount_due, method, orderId, status: 'created', notes: o.notes });
    if (options.fail) {
      const failure = failureFor(method);
      Object.assign(p, {
        status: 'failed',
        error_code: failure.code,
        error_description: failure.description,
        error_source: failure.source,
        error_step: failure.step,
        error_reason: failure.reason,
      });
      emit([paymentEvents(p, 'payment.failed')]);
      return { payment: p, failure };
    }
    p.status = 'authorized';
    const events = [paymentEvents(p, 'payment.authorized')];
    if (options.capture !== false) events.push(...markCaptured(p));
    emit(events);
    return { payment: p, failure: null };
  }

  function capture(id: string, body: Record<string, unknown>): PaymentEntity {
    const p = payment(id);
    if (p.status === 'captured' || p.status === 'refunded') throw badRequest('This payment has already been captured', 'payment_id', 'NA');
    if (p.status !== 'authorized') throw badRequest('This payment has not been authorized', 'payment_id', 'NA');
    if (typeof body.amount !== 'number' || body.amount !== p.amount) {
      throw badRequest('Capture amount must be equal to the amount authorized', 'amount');
    }
    emit(markCaptured(p));
    return p;
  }

  function createRefund(id: string, body: Record<string, unknown>): RefundEntity {
    const p = payment(id);
    if (p.status !== 'captured' && p.status !== 'refunded') {
      throw badRequest('The payment has not been captured. Only captured payments can be refunded', 'payment_id', 'NA');
    }
    const left = p.amount - p.amount_refunded;
    if (left <= 0) throw badRequest('The payment has been fully refunded already', 'payment_id', 'NA');
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) throw badRequest('The amount must be an integer.', 'amount');
    if (amount < 100) throw badRequest('The amount must be atleast INR 1.00', 'amount');
    if (amount > left) throw badRequest('The refund amount provided is greater than amount captured', 'amount');
    const speed = body.speed === 'optimum' ? 'optimum' : 'normal';
    if (body.speed !== undefined && body.speed !== 'normal' && body.speed !== 'optimum')
      throw badRequest('The selected speed is invalid.', 'speed');
    if (body.receipt !== undefined && (typeof body.receipt !== 'string' || body.receipt.length > MAX_RECEIPT)) {
      throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
    }
    const refund: RefundEntity = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: p.id,
      notes: parseNotes(body.notes),
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: unixSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: speed === 'optimum' ? 'instant' : 'normal',
      speed_requested: speed,
    };
    refunds.set(refund.id, refund);
    p.amount_refunded += amount;
    p.refund_status = p.amount_refunded >= p.amount ? 'full' : 'partial';
    if (p.refund_status === 'full') p.status = 'refunded';
    emit([{ event: 'refund.created', payload: { refund: { entity: { ...refund } }, payment: { entity: { ...p } } } }]);
    return refund;
  }

  /** The bank's answer to a pending refund: processed with an ARN, or failed (the money stays with the shop). */
  function finishRefund(id: string, outcome: 'processed' | 'failed'): RefundEntity {
    const refund = refunds.get(id);
    if (!refund) throw new Error(`no refund ${id}`);
    if (refund.status !== 'pending') return refund;
    const p = payment(refund.payment_id);
    if (outcome === 'processed') {
      refund.status = 'processed';
      refund.acquirer_data = { arn: String(Date.now()) + String(Math.floor(Math.random() * 1e6)).padStart(6, '0') };
    } else {
      refund.status = 'failed';
      p.amount_refunded -= refund.amount;
      p.refund_status = p.amount_refunded === 0 ? null : 'partial';
      p.status = 'captured';
    }
    emit([{ event: `refund.${outcome}`, payload: { refund: { entity: { ...refund } }, payment: { entity: { ...p } } } }]);
    return refund;
  }

  /** A settlement of every captured payment and processed refund not settled yet. */
  function settle(date: Date = new Date()): SettlementRecord {
    const paid = [...payments.values()].filter((p) => p.captured && p.fee !== null && !settled.has(p.id));
    const refunded = [...refunds.values()].filter((r) => r.status === 'processed' && !settled.has(r.id));
    let fees = 0;
    let tax = 0;
    let amount = 0;
    for (const p of paid) {
      fees += (p.fee ?? 0) - (p.tax ?? 0);
      tax += p.tax ?? 0;
      amount += p.amount - (p.fee ?? 0);
      settled.add(p.id);
    }
    for (const r of refunded) {
      amount -= r.amount;
      settled.add(r.id);
    }
    const record: SettlementRecord = {
      entity: {
        id: razorpayId('setl'),
        entity: 'settlement',
        amount,
        status: 'processed',
        fees,
        tax,
        utr: `${unixSeconds(date)}${razorpayId('').slice(0, 6).toLowerCase()}`,
        created_at: unixSeconds(date),
      },
      paymentIds: paid.map((p) => p.id),
      refundIds: refunded.map((r) => r.id),
    };
    settlements.set(record.entity.id, record);
    return record;
  }

  function plantPayment(options: { amount: number; status?: 'captured' | 'authorized' | 'failed'; orderId?: string; createdAt?: Date }) {
    const status = options.status ?? 'captured';
    const p = newPayment({
      amount: options.amount,
      method: 'upi',
      orderId: options.orderId ?? null,
      status: 'authorized',
      createdAt: options.createdAt,
    });
    if (status === 'captured') {
      const { fee, tax } = feeFor(p.amount);
      Object.assign(p, { status: 'captured', captured: true, fee, tax });
    } else if (status === 'failed') {
      const failure = failureFor('upi');
      Object.assign(p, {
        status: 'failed',
        error_code: failure.code,
        error_description: failure.description,
        error_reason: failure.reason,
      });
    }
    return p;
  }

  function setAmount(paymentId: string, amount: number): void {
    const p = payments.get(paymentId);
    if (!p) throw new Error(`no payment ${paymentId}`);
    p.amount = amount;
    if (p.fee !== null) Object.assign(p, feeFor(amount));
  }

  return {
    orders,
    payments,
    refunds,
    settlements,
    order,
    payment,
    createOrder,
    pay,
    capture,
    createRefund,
    finishRefund,
    settle,
    plantPayment,
    setAmount,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
