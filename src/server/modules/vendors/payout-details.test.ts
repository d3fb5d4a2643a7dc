import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { as, registerActiveVendor, registerVendor, SHOP_DETAILS, signInAdmin, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

/** The shop profile as the profile page sends it, with the payout details given. */
const profile = (details: Partial<typeof SHOP_DETAILS> & { currentPassword?: string } = {}) => ({
  businessName: 'Ravi Computers',
  phone: '9845012345',
  lowStockThreshold: 5,
  ...SHOP_DETAILS,
  ...details,
});
const NEW_ACCOUNT = { holder: 'Test Traders Private Limited', number: '91234567890123', ifsc: 'ICIC0000104' };

describe.each(testDialects())('payout details of a shop on %s', (dialect) => {
  let t: TestApp;
  let ravi: TestUser & { vendorId: number };
  let admin: TestUser;

  const shopRow = () => t.database.db.selectFrom('vendors').selectAll().where('id', '=', ravi.vendorId).executeTakeFirstOrThrow();
  const mailsTo = async (to: string) =>
    (await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'mail').orderBy('id').execute())
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === to && !mail.subject.startsWith('Please verify'));
  const auditOf = async (vendorId: number) =>
    (await as(t, admin)('GET', `/api/admin/audit?entityType=vendor&entityId=${vendorId}`)).json().items as Array<{
      action: string;
      before: unknown;
      after: unknown;
    }>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ravi = await registerActiveVendor(t, 'ravi@shop.in', 'Ravi Computers');
    admin = await signInAdmin(t, 'admin@circuitbazaar.in');
  });
  afterAll(() => t.close());

  it('refuses to replace the bank account with a session alone, and changes nothing', async () => {
    const response = await as(t, ravi)('PUT', '/api/vendor/profile', profile({ bankAccount: NEW_ACCOUNT }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.issues).toEqual([
      { field: 'currentPassword', message: 'Please enter your current password to change the bank account, GSTIN, PAN or legal name' },
    ]);
    const wrong = await as(t, ravi)('PUT', '/api/vendor/profile', profile({ bankAccount: NEW_ACCOUNT, currentPassword: 'not-my-pass' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.issues[0].field).toBe('currentPassword');
    for (const replaced of [
      { gstin: '27AABCT1234F1ZO', pan: 'AABCT1234F' },
      { legalName: 'Someone Else Limited' },
      { bankAccount: null },
    ]) {
      expect((await as(t, ravi)('PUT', '/api/vendor/profile', profile(replaced as Partial<typeof SHOP_DETAILS>))).statusCode).toBe(400);
    }
    const shop = await shopRow();
    expect([shop.bank_account_number, shop.gstin, shop.legal_name, shop.payouts_held_until]).toEqual([
      SHOP_DETAILS.bankAccount.number,
      SHOP_DETAILS.gstin,
      SHOP_DETAILS.legalName,
      null,
    ]);
    expect(await mailsTo('ravi@shop.in')).toEqual([]);
  });

  it('needs no password to send the same details again or to fill them in for the first time', async () => {
    const same = await as(t, ravi)(
      'PUT',
      '/api/vendor/profile',
      profile({ pickupAddress: { ...SHOP_DETAILS.pickupAddress, line1: '14 SP Road' } }),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().payoutsHeldUntil).toBeNull();
    const newcomer = await registerVendor(t, 'meena@shop.in', 'Meena Traders');
    const first = await as(t, newcomer)('PUT', '/api/vendor/profile', { ...profile(), businessName: 'Meena Traders' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payoutsHeldUntil).toBeNull();
  });

  it('with the password, replaces the account, audits it, mails the seller and holds payouts for 72 hours', async () => {
    const before = Date.now();
    const response = await as(t, ravi)(
      'PUT',
      '/api/vendor/profile',
      profile({ bankAccount: NEW_ACCOUNT, currentPassword: 'secret-pass-1' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const held = Date.parse(response.json().payoutsHeldUntil);
    expect(held - before).toBeGreaterThanOrEqual(72 * 3_600_000 - 1000);
    expect(held - before).toBeLessThan(72 * 3_600_000 + 60_000);
    expect(response.json().bankAccount.number).toBe(NEW_ACCOUNT.number);

    const [entry] = await auditOf(ravi.vendorId);
    expect(entry).toMatchObject({
      action: 'vendor.payout_details_changed',
      before: { bankAccount: 'HDFC0001234 ••••6789' },
      after: { bankAccount: 'ICIC0000104 ••••0123' },
    });
    // The full account number is not written to the log.
    expect(JSON.stringify(entry)).not.toContain(NEW_ACCOUNT.number);

    const [mail] = await mailsTo('ravi@shop.in');
    expect(mail?.subject).toBe('The bank account of Ravi Computers changed');
    expect(mail?.text).toContain('payouts to your shop are held until');
    expect(mail?.text).toContain('If this was not you');

    const settlement = (await as(t, ravi)('GET', '/api/vendor/settlements?days=7')).json();
    expect(settlement.payoutsHeldUntil).toBe(response.json().payoutsHeldUntil);
  });

  it('lets only an admin lift the hold, with a reason, once', async () => {
    const lift = (user: TestUser, body: unknown, id = ravi.vendorId) => as(t, user)('DELETE', `/api/admin/vendors/${id}/payout-hold`, body);
    expect((await lift(ravi, { reason: 'I changed it myself' })).statusCode).toBe(403);
    expect((await lift(admin, {})).statusCode).toBe(400);
    expect((await lift(admin, { reason: 'Seller confirmed by phone' }, 999_999)).statusCode).toBe(404);
    const lifted = await lift(admin, { reason: 'Seller confirmed by phone' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await shopRow()).payouts_held_until).toBeNull();
    expect((await as(t, ravi)('GET', '/api/vendor/settlements?days=7')).json().payoutsHeldUntil).toBeNull();
    const [entry] = await auditOf(ravi.vendorId);
    expect(entry).toMatchObject({ action: 'vendor.payout_hold_lifted', after: { payoutsHeldUntil: null } });
    expect((await lift(admin, { reason: 'Again' })).statusCode).toBe(409);
  });
});
