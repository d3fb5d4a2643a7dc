import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '#shared/gst.ts';
import { rupees } from '#shared/money.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import { as, registerCustomer, registerVendor, SHOP_DETAILS, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/** A Mumbai PIN code named as Gujarat's: the invoice's place of supply would be wrong. */
const MUMBAI_AS_GUJARAT = {
  name: 'Meera Shah',
  phone: '9845012345',
  line1: '14 Hiranandani Gardens',
  city: 'Mumbai',
  state: 'Gujarat' as const,
  pincode: '400076',
};
const WRONG = 'PIN code 400076 is in Maharashtra, not Gujarat';
/** A Gujarat business's GSTIN: a B2B buyer whose registration names the state the address claims. */
const GUJARAT_GSTIN = `24AABCT1234F1Z${gstinCheckCharacter('24AABCT1234F1Z')}`;

describe.each(testDialects())('every address checks its PIN code against its state on %s', (dialect) => {
  let t: TestApp;
  let meera: TestUser;
  let laptop: number;
  let keys = 0;
  let from = 0;

  const orderCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const guestOrder = (address: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/guest/checkout/orders',
      headers: { ...TEST_HEADERS, 'x-forwarded-for': `10.41.0.${++from}` },
      payload: {
        idempotencyKey: `address-state-${dialect}-${++keys}`,
        email: 'meera.shah@example.in',
        address,
        items: [{ productId: laptop, quantity: 1 }],
        ...extra,
      },
    });
  const refusedAt = (
    response: { statusCode: number; json: () => { error: { code: string; message: string; details: unknown } } },
    field: string,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: WRONG,
      details: { issues: [{ field, message: WRONG }] },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
    const seller = await registerVendor(t, 'seller@address-state.in', 'Address State Traders');
    await t.services.vendors.setStatus(seller.vendorId, 'active');
    laptop = (await createProduct(t.services, { vendorId: seller.vendorId, name: 'HP Victus 15', price: rupees(58_000), stock: 20 })).id;
    meera = await registerCustomer(t, 'meera.member@example.in', 'Meera Shah');
  });
  afterAll(() => t.close());

  it('refuses a guest checkout to a PIN code of another state, B2B or not, and writes no order', async () => {
    const before = await orderCount();
    refusedAt(await guestOrder(MUMBAI_AS_GUJARAT), 'address.pincode');
    refusedAt(
      await guestOrder(MUMBAI_AS_GUJARAT, { buyerGst: { gstin: GUJARAT_GSTIN, businessName: 'Shah Electronics' } }),
      'address.pincode',
    );
    const unknown = await guestOrder({ ...MUMBAI_AS_GUJARAT, pincode: '999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.issues).toEqual([
      { field: 'address.pincode', message: "PIN code 999999 is not in India Post's directory. Please check it." },
    ]);
    expect(await orderCount()).toBe(before);

    const right = await guestOrder({ ...MUMBAI_AS_GUJARAT, state: 'Maharashtra' });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().order.address).toMatchObject({ city: 'Mumbai', state: 'Maharashtra', pincode: '400076' });
  });

  it('refuses it in the address book, added or changed, through the API and the service alike', async () => {
    refusedAt(await as(t, meera)('POST', '/api/account/addresses', MUMBAI_AS_GUJARAT), 'pincode');
    const saved = await as(t, meera)('POST', '/api/account/addresses', { ...MUMBAI_AS_GUJARAT, state: 'Maharashtra' });
    expect(saved.statusCode, saved.body).toBe(201);
    refusedAt(await as(t, meera)('PUT', `/api/account/addresses/${saved.json().id}`, MUMBAI_AS_GUJARAT), 'pincode');
    await expect(t.services.users.addAddress(meera.uid, { ...MUMBAI_AS_GUJARAT, line2: '', isDefault: false })).rejects.toThrow(WRONG);
    expect((await as(t, meera)('GET', '/api/account/addresses')).json().items.map((address: { state: string }) => address.state)).toEqual([
      'Maharashtra',
    ]);
  });

  it('refuses a member’s checkout to a saved address whose PIN code is of another state (saved before the check)', async () => {
    const at = new Date().toISOString();
    const { id } = await t.database.db
      .insertInto('addresses')
      .values({
        user_id: meera.uid,
        ...MUMBAI_AS_GUJARAT,
        phone: '+919845012345',
        line2: '',
        is_default: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await orderCount();
    const checkout = (extra: Record<string, unknown> = {}) =>
      as(t, meera)('POST', '/api/checkout/orders', {
        idempotencyKey: `address-state-member-${dialect}-${++keys}`,
        addressId: id,
        items: [{ productId: laptop, quantity: 1 }],
        ...extra,
      });
    refusedAt(await checkout(), 'addressId');
    refusedAt(await checkout({ buyerGst: { gstin: GUJARAT_GSTIN, businessName: 'Shah Electronics' } }), 'addressId');
    expect(await orderCount()).toBe(before);
  });

  it('refuses a shop’s pickup address whose PIN code is of another state', async () => {
    const shop = await registerVendor(t, 'pickup@address-state.in', 'Powai Components');
    const profile = await as(t, shop)('PUT', '/api/vendor/profile', {
      businessName: 'Powai Components',
      phone: '9845012345',
      lowStockThreshold: 5,
      ...SHOP_DETAILS,
      pickupAddress: { ...MUMBAI_AS_GUJARAT, line2: '' },
    });
    refusedAt(profile, 'pickupAddress.pincode');
    expect((await as(t, shop)('GET', '/api/vendor/profile')).json().pickupAddress).toBeNull();
  });
});
