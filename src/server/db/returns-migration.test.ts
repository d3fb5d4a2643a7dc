import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createTestDatabase, testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('migration 0030 (returns) on %s', (dialect) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.destroy());

  it('turns an order-level return request into a return of each of its lines, and confirms the order again', async () => {
    handle = await createTestDatabase(dialect, '0029-stock-alerts');
    const db = handle.db;
    const at = '2026-11-20T10:00:00.000Z';
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at, role, status) values ('u1', 'Asha Rao', 'asha@example.in', ${dialect === 'postgres' ? sql`false` : sql`0`}, ${at}, ${at}, 'customer', 'active')`.execute(
      db,
    );
    const vendor = (
      await sql<{
        id: number;
      }>`insert into vendors (user_id, name, slug, status, created_at) values ('u1', 'Test Traders', 'test-traders', 'active', ${at}) returning id`.execute(
        db,
      )
    ).rows[0]!.id;
    const product = (
      await sql<{
        id: number;
      }>`insert into products (vendor_id, name, slug, brand, category, price, mrp, stock, created_at, updated_at) values (${vendor}, 'Dell 24 Monitor', 'dell-24', 'Dell', 'Monitor', 1100000, 1100000, 5, ${at}, ${at}) returning id`.execute(
        db,
      )
    ).rows[0]!.id;
    const order = async (status: string) =>
      (
        await sql<{
          id: number;
        }>`insert into orders (user_id, idempotency_key, status, subtotal, shipping, gst, total, address, created_at, updated_at, return_reason, return_requested_at, discount)
          values ('u1', ${`k-${status}`}, ${status}, 2300000, 0, 350847, 2300000, '{}', ${at}, ${at}, ${status === 'return_requested' ? 'The panel flickers all the time' : null}, ${status === 'return_requested' ? '2026-11-22T10:00:00.000Z' : null}, 100000) returning id`.execute(
          db,
        )
      ).rows[0]!.id;
    const requested = await order('return_requested');
    const untouched = await order('confirmed');
    for (const id of [requested, untouched]) {
      const fulfilment = (
        await sql<{
          id: number;
        }>`insert into fulfilments (order_id, vendor_id, vendor_name, status, delivered_at, created_at, updated_at) values (${id}, ${vendor}, 'Test Traders', 'delivered', ${at}, ${at}, ${at}) returning id`.execute(
          db,
        )
      ).rows[0]!.id;
      await sql`insert into order_items (order_id, fulfilment_id, product_id, vendor_id, name, unit_price, quantity, line_total, discount) values (${id}, ${fulfilment}, ${product}, ${vendor}, 'Dell 24 Monitor', 1100000, 2, 2200000, 100000), (${id}, ${fulfilment}, ${product}, ${vendor}, 'HDMI cable', 100000, 1, 100000, 0)`.execute(
        db,
      );
    }

    await migrateToLatest(
      db,
      dialect === 'postgres' ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]!.s : undefined,
    );

    const orders = await db.selectFrom('orders').select(['id', 'status']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: requested, status: 'confirmed' },
      { id: untouched, status: 'confirmed' },
    ]);
    const returns = await db
      .selectFrom('returns')
      .select(['order_id', 'quantity', 'reason', 'details', 'resolution', 'status', 'amount', 'requested_at'])
      .orderBy('id')
      .execute();
    expect(returns.map((r) => ({ ...r, amount: Number(r.amount), requested_at: new Date(r.requested_at).toISOString() }))).toEqual([
      {
        order_id: requested,
        quantity: 2,
        reason: 'other',
        details: 'The panel flickers all the time',
        resolution: 'refund',
        status: 'requested',
        amount: 2100000,
        requested_at: '2026-11-22T10:00:00.000Z',
      },
      {
        order_id: requested,
        quantity: 1,
        reason: 'other',
        details: 'The panel flickers all the time',
        resolution: 'refund',
        status: 'requested',
        amount: 100000,
        requested_at: '2026-11-22T10:00:00.000Z',
      },
    ]);
  });
});
