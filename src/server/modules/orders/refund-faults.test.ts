import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '#shared/money.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, signIn, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { createRefundsService, type RefundStep } from './refunds.service.ts';

const STEPS: RefundStep[] = ['held', 'claimed', 'credited', 'cancelled', 'audited'];
let keySequence = 0;

/**
 * What a crash between any two steps of a refund leaves behind. A "crash" inside the transaction
 * is a step that throws: the database then holds what a process killed there leaves, since an
 * open transaction dies with its process. A crash after the commit is the transaction committed
 * with nothing run after it.
 */
describe.each(testDialects())('refunds under faults on %s', (dialect) => {
  let t: TestApp;
  let asha: TestUser;
  let admin: TestUser;
  let addressId: number;
  let monitor: number;

  const paidOrder = async (): Promise<{ order: Order; paymentId: number }> => {
    const placed = await as(t, asha)('POST', '/api/checkout/orders', {
      idempotencyKey: `refund-faults-${++keySequence}-${Date.now()}`,
      addressId,
      items: [{ productId: monitor, quantity: 2 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    const paid = await as(t, asha)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'asha@okicici' });
    expect(paid.statusCode, paid.body).toBe(200);
    return { order, paymentId: paid.json().payment.id };
  };

  /** Everything a refund writes, as the database has it now. */
  const state = async (order: Order, paymentId: number) => {
    const db = t.database.db;
    const [payment, row, product, notes, audits, jobs] = await Promise.all([
      db.selectFrom('payments').select(['status', 'refunded_amount']).where('id', '=', paymentId).executeTakeFirstOrThrow(),
      db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow(),
      db.selectFrom('products').select('stock').where('id', '=', monitor).executeTakeFirstOrThrow(),
      db.selectFrom('credit_notes').select('id').execute(),
      db.selectFrom('audit_log').select('id').where('entity_type', '=', 'payment').where('entity_id', '=', String(paymentId)).execute(),
      db.selectFrom('outbox').select(['kind', 'status']).where('kind', '=', 'refund').execute(),
    ]);
    return {
      payment: { status: payment.status, refunded: Number(payment.refunded_amount) },
      order: row.status,
      stock: Number(product.stock),
      creditNotes: notes.length,
      audits: audits.length,
      refundJobs: jobs.length,
    };
  };

  const gatewayRefunds = async (paymentId: number) => {
    const { reference } = await t.database.db
      .selectFrom('payments')
      .select('reference')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const rows = await t.database.db
      .selectFrom('sandbox_gateway')
      .select('amount')
      .where('kind', '=', 'refund')
      .where('charge_reference', '=', reference)
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.amount), 0);
  };

  /** The app's refunds service, with a crash after `step`. */
  const crashingAfter = (crashAt: RefundStep | undefined) =>
    createRefundsService({
      db: t.database.db,
      orders: t.services.orders,
      payments: t.services.payments,
      invoices: t.services.invoices,
      outbox: t.services.outbox,
      audit: (entry, tx) => t.services.audit.record(entry, tx),
      cancelUnshipped: async (tx, orderId, reason) => {
        const { outcome, jobs } = await t.services.checkout.cancelIn(tx, orderId, reason, ['confirmed']);
        return { cancelled: outcome === 'cancelled', jobs };
      },
      afterStep: (step) => {
        if (step === crashAt) throw new Error(`crash after ${step}`);
      },
    });

  const fullRefund = (order: Order, paymentId: number) => ({
    orderId: order.id,
    paymentId,
    amount: order.total,
    reason: 'Out of stock at the seller',
    credit: { kind: 'invoices' as const },
  });
  const auditEntry = (paymentId: number) => () => ({
    actor: { id: admin.uid, email: admin.email },
    action: 'payment.refund',
    entityType: 'payment' as const,
    entityId: String(paymentId),
    reason: 'Out of stock at the seller',
  });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const lg = await createVendor(t.services, { name: 'LG Brand Shop' });
    monitor = (
      await createProduct(t.services, { vendorId: lg.id, category: 'Monitor', name: 'LG 27GP850', price: rupees(24_999), stock: 100 })
    ).id;
    asha = await registerCustomer(t, 'asha.refunds@example.in', 'Asha Rao');
    await t.services.authService.ensureAdmin({ email: 'ops@admin.in', password: 'admin-pass-123', name: 'Ops Admin' });
    admin = await signIn(t, { email: 'ops@admin.in', password: 'admin-pass-123' }, 'admin');
    addressId = (
      await as(t, asha)('POST', '/api/account/addresses', {
        name: 'Asha Rao',
        phone: '9845012345',
        line1: '5 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
      })
    ).json().id;
  });
  afterAll(() => t.close());

  it.each(STEPS)('a crash after the step "%s" leaves nothing, and the refund can be asked for again', async (step) => {
    const { order, paymentId } = await paidOrder();
    const before = await state(order, paymentId);
    expect(before).toMatchObject({ payment: { status: 'captured', refunded: 0 }, order: 'confirmed', audits: 0 });

    await expect(crashingAfter(step).refund(fullRefund(order, paymentId), auditEntry(paymentId))).rejects.toThrow(`crash after ${step}`);
    expect(await state(order, paymentId)).toEqual(before);
    expect(await gatewayRefunds(paymentId)).toBe(0);

    // Asked again (the admin's button): done once, in full, with the cancellation and the stock.
    const again = await as(t, admin)('POST', `/api/admin/payments/${paymentId}/refund`, { amount: order.total, reason: 'Out of stock' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await state(order, paymentId)).toEqual({
      ...before,
      payment: { status: 'refunded', refunded: order.total },
      order: 'cancelled',
      stock: before.stock + 2,
      audits: 1,
      refundJobs: before.refundJobs + 1,
    });
    expect(await gatewayRefunds(paymentId)).toBe(order.total);
  });

  it('a crash after the commit leaves the refund queued: the outbox worker refunds it once, and the order is cancelled already', async () => {
    const { order, paymentId } = await paidOrder();
    const before = await state(order, paymentId);
    const refunds = crashingAfter(undefined);
    // Committed, and the process dies before running the jobs.
    const outcome = await t.database.db
      .transaction()
      .execute((tx) => refunds.refundIn(tx, fullRefund(order, paymentId), auditEntry(paymentId)));
    expect(outcome).toMatchObject({ orderCancelled: true, after: { status: 'refunded', refundedAmount: order.total } });
    // The cancellation found the payment emptied by this refund: one refund job, not two.
    expect(outcome.jobs).toHaveLength(1);
    expect(await state(order, paymentId)).toEqual({
      ...before,
      payment: { status: 'refunded', refunded: order.total },
      order: 'cancelled',
      stock: before.stock + 2,
      audits: 1,
      refundJobs: before.refundJobs + 1,
    });
    expect(await gatewayRefunds(paymentId)).toBe(0);

    await Promise.all([t.services.outbox.work(), t.services.outbox.work()]);
    expect(await t.services.outbox.find(outcome.jobs[0]!)).toMatchObject({ status: 'done' });
    expect(await gatewayRefunds(paymentId)).toBe(order.total);

    // A crash after the gateway refunded but before the job was marked done: it runs again, refunded once.
    await t.database.db.updateTable('outbox').set({ status: 'pending', done_at: null }).where('id', '=', outcome.jobs[0]!).execute();
    await t.services.outbox.work();
    expect(await gatewayRefunds(paymentId)).toBe(order.total);
    const recorded = await t.database.db.selectFrom('refunds').select('amount').where('payment_id', '=', paymentId).execute();
    expect(recorded.map((row) => Number(row.amount))).toEqual([order.total]);
  });
});
