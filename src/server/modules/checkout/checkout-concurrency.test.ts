import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct, createVendor } from '#server/testing/factories.ts';
import { as, registerCustomer, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/**
 * Checkouts at once on a process that has read nothing yet: the delivery check inside each
 * checkout's transaction once read India Post's directory lazily, through the database handle
 * rather than the transaction. On SQLite's one connection that read queued behind the next
 * waiting transaction, which waited for the first: the first checkout never finished and held the
 * write lock (the benchmark's checkout answered once, then timed out).
 */
describe.each(testDialects())('checkouts at once on a fresh process on %s', (dialect) => {
  let t: TestApp;
  const shoppers: Array<TestUser & { addressId: number }> = [];
  let productId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    // A seller with no pickup PIN code: loading the catalogue reads nothing of the directory.
    productId = (await createProduct(t.services, { vendorId: (await createVendor(t.services)).id, stock: 50 })).id;
    for (let n = 1; n <= 4; n++) {
      const shopper = await registerCustomer(t, `together.${n}@example.in`, `Together ${n}`, `198.51.100.${40 + n}`);
      // Written as the address book writes them, without its PIN code check (which reads the directory).
      const [row] = await t.database.db
        .insertInto('addresses')
        .values({
          user_id: shopper.uid,
          name: `Together ${n}`,
          phone: '+919845012345',
          line1: `${n} MG Road`,
          line2: '',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
          is_default: 1,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .execute();
      shoppers.push({ ...shopper, addressId: Number(row?.id) });
    }
  });
  afterAll(() => t.close());

  it('places every order, none waiting on another', async () => {
    const answers = await Promise.all(
      shoppers.map((shopper, n) =>
        as(t, shopper)('POST', '/api/checkout/orders', {
          idempotencyKey: `together-${n}-order`,
          addressId: shopper.addressId,
          items: [{ productId, quantity: 1 }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
  }, 20_000);
});
