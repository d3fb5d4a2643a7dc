import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createTestDatabase, testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('migration 0021 (Cash on Delivery) on %s', (dialect) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.destroy());

  it('lets payments be Cash on Delivery and cancelled, keeping every payment, refund and index as they were', async () => {
    handle = await createTestDatabase(dialect, '0020-credit-notes');
    const db = handle.db;
    const at = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        name: 'Asha Rao',
        email: 'asha@example.in',
        email_verified: dialect === 'postgres' ? false : 0,
        image: null,
        created_at: at,
        updated_at: at,
        role: 'customer',
        status: 'active',
      })
      .execute();
    const order = await db
      .insertInto('orders')
      .values({
        user_id: 'u1',
        status: 'confirmed',
        subtotal: 100,
        shipping: 0,
        gst: 15,
        total: 100,
        address: '{}',
        idempotency_key: 'k1',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await db
      .insertInto('payments')
      .values({
        order_id: order.id,
        method: 'upi',
        amount: 100,
        status: 'partially_refunded',
        provider: 'sandbox',
        reference: 'ref-1',
        attempt_key: 'pay_1',
        details: '{}',
        refunded_amount: 40,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('refunds')
      .values({ payment_id: payment.id, amount: 40, reference: 'rf-1', reason: 'Damaged box', created_at: at })
      .execute();
    await expect(
      db
        .insertInto('payments')
        .values({
          order_id: order.id,
          method: 'cod' as 'upi',
          amount: 100,
          status: 'authorized',
          provider: 'cod',
          reference: 'cod-0',
          details: '{}',
          refunded_amount: 0,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow();

    await migrateToLatest(
      db,
      dialect === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]!.s : undefined,
    );

    const payments = await db.selectFrom('payments').select(['id', 'method', 'status', 'refunded_amount']).execute();
    expect(payments.map((p) => ({ ...p, refunded_amount: Number(p.refunded_amount) }))).toEqual([
      { id: payment.id, method: 'upi', status: 'partially_refunded', refunded_amount: 40 },
    ]);
    const refunds = await db.selectFrom('refunds').select(['payment_id', 'amount']).execute();
    expect(refunds.map((r) => ({ ...r, amount: Number(r.amount) }))).toEqual([{ payment_id: payment.id, amount: 40 }]);
    await db
      .insertInto('payments')
      .values({
        order_id: order.id,
        method: 'cod',
        amount: 100,
        status: 'authorized',
        provider: 'cod',
        reference: 'cod-1',
        details: '{}',
        refunded_amount: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db.updateTable('payments').set({ status: 'cancelled' }).where('reference', '=', 'cod-1').execute();
    // the constraints still hold: an unknown method, a refund of no payment, a second open attempt, a reused reference
    await expect(
      db
        .insertInto('payments')
        .values({
          order_id: order.id,
          method: 'cheque' as 'cod',
          amount: 1,
          status: 'created',
          provider: 'x',
          reference: 'x-1',
          details: '{}',
          refunded_amount: 0,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto('refunds').values({ payment_id: 999_999, amount: 1, reference: 'rf-x', reason: 'x', created_at: at }).execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('payments')
        .values({
          order_id: order.id,
          method: 'upi',
          amount: 1,
          status: 'failed',
          provider: 'x',
          reference: 'cod-1',
          details: '{}',
          refunded_amount: 0,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('payments')
      .values({
        order_id: order.id,
        method: 'upi',
        amount: 1,
        status: 'created',
        provider: 'x',
        reference: 'open-1',
        attempt_key: 'a-1',
        details: '{}',
        refunded_amount: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await expect(
      db
        .insertInto('payments')
        .values({
          order_id: order.id,
          method: 'upi',
          amount: 1,
          status: 'created',
          provider: 'x',
          reference: 'open-2',
          attempt_key: 'a-2',
          details: '{}',
          refunded_amount: 0,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
