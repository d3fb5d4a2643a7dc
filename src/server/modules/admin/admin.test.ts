import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_IN_USE_MESSAGE } from '#shared/schemas/auth.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { createProduct } from '#server/testing/factories.ts';
import {
  as,
  completeShopDetails,
  registerCustomer,
  registerVendor,
  SHOP_DETAILS,
  signIn,
  TEST_HEADERS,
  type TestUser,
} from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';

describe.each(testDialects())('admin API on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let vendor: TestUser & { vendorId: number };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.services.authService.ensureAdmin({ email: 'asha@admin.in', password: 'admin-pass-123', name: 'Asha Admin' });
    admin = await signIn(t, { email: 'asha@admin.in', password: 'admin-pass-123' }, 'admin');
    customer = await registerCustomer(t, 'carl@example.in', 'Carl Customer');
    vendor = await registerVendor(t, 'vera@shop.in', 'Vera Vision');
  });
  afterAll(() => t.close());

  it('refuses every admin endpoint to customers and vendors (403) and the signed out (401)', async () => {
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${customer.uid}`],
      ['POST', `/api/admin/users/${vendor.uid}/vendor-decision`, { decision: 'approve' }],
      ['POST', `/api/admin/users/${customer.uid}/status`, { status: 'suspended', reason: 'Testing refusals' }],
      ['POST', `/api/admin/users/${customer.uid}/role`, { role: 'admin', reason: 'Testing refusals' }],
      ['POST', '/api/admin/admins', { name: 'Eve', email: 'eve@example.in', password: 'password-123' }],
      ['POST', '/api/admin/products/1/moderation', { action: 'hide', reason: 'Testing refusals' }],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url, body] of calls) {
      expect((await as(t, customer)(method, url, body)).statusCode, `${method} ${url} as customer`).toBe(403);
      expect((await as(t, vendor)(method, url, body)).statusCode, `${method} ${url} as vendor`).toBe(403);
      expect(
        (await t.app.inject({ method, url, payload: body as object, headers: TEST_HEADERS })).statusCode,
        `${method} ${url} signed out`,
      ).toBe(401);
    }
  });

  it('lists users with search, role filter and shops awaiting approval', async () => {
    const all = (await as(t, admin)('GET', '/api/admin/users?sort=email')).json();
    expect(all.items.map((u: { email: string }) => u.email)).toEqual(['asha@admin.in', 'carl@example.in', 'vera@shop.in']);
    expect((await as(t, admin)('GET', '/api/admin/users?q=CARL')).json().items).toHaveLength(1);
    expect((await as(t, admin)('GET', '/api/admin/users?role=vendor')).json().items[0]).toMatchObject({
      email: 'vera@shop.in',
      vendor: { name: 'Vera Vision', status: 'pending' },
    });
    expect((await as(t, admin)('GET', '/api/admin/users?pendingVendors=true')).json().total).toBe(1);
    expect((await as(t, admin)('GET', '/api/admin/users?pageSize=500')).statusCode).toBe(400);
  });

  it('approves a shop, or rejects one with a reason that is required', async () => {
    const noReason = await as(t, admin)('POST', `/api/admin/users/${vendor.uid}/vendor-decision`, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain('reason');
    // A shop registered with its GSTIN (registration requires it) but without its legal name, PAN, pickup address and bank account cannot be approved, by either way in.
    const early = await as(t, admin)('POST', `/api/admin/users/${vendor.uid}/vendor-decision`, { decision: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This shop cannot be approved yet. It still needs: the legal name of the GST registration; the PAN in the GSTIN; a pickup address with a valid PIN code; a bank account for settlements (IFSC checked).',
    );
    expect((await as(t, admin)('PATCH', `/api/admin/vendors/${vendor.vendorId}`, { status: 'active' })).statusCode).toBe(409);
    expect(
      (await as(t, admin)('GET', `/api/admin/users/${vendor.uid}`)).json().shopChecklist.map((entry: { done: boolean }) => entry.done),
    ).toEqual([true, false, false, false, false]);
    // A PAN not in the GSTIN is refused as the seller types it; with everything in, the checklist is complete.
    const wrongPan = await as(t, vendor)('PUT', '/api/vendor/profile', {
      businessName: 'Vera Vision',
      phone: '9845012345',
      lowStockThreshold: 5,
      ...SHOP_DETAILS,
      pan: 'AABCT9999F',
    });
    expect(wrongPan.statusCode).toBe(400);
    expect(wrongPan.json().error.details.issues).toEqual([
      expect.objectContaining({ field: 'pan', message: 'PAN must be the one in your GSTIN, AABCT1234F' }),
    ]);
    await completeShopDetails(t, vendor, 'Vera Vision');
    expect(
      (await as(t, admin)('GET', `/api/admin/users/${vendor.uid}`)).json().shopChecklist.every((entry: { done: boolean }) => entry.done),
    ).toBe(true);
    const approved = await as(t, admin)('POST', `/api/admin/users/${vendor.uid}/vendor-decision`, { decision: 'approve' });
    expect(approved.json().vendor.status).toBe('active');
    expect((await as(t, vendor)('GET', '/api/vendor/profile')).json().status).toBe('active');
    expect((await as(t, admin)('POST', `/api/admin/users/${customer.uid}/vendor-decision`, { decision: 'approve' })).statusCode).toBe(409);
    const detail = (await as(t, admin)('GET', `/api/admin/users/${vendor.uid}`)).json();
    expect(detail.audit[0]).toMatchObject({
      action: 'vendor.approve',
      actor: { email: 'asha@admin.in' },
      before: { shopStatus: 'pending' },
      after: { shopStatus: 'active' },
    });
  });

  it('suspends an account: its session stops at once and sign-in is refused; reactivates it', async () => {
    const stillIn = await as(t, customer)('GET', '/api/account/addresses');
    expect(stillIn.statusCode).toBe(200);
    const suspended = await as(t, admin)('POST', `/api/admin/users/${customer.uid}/status`, {
      status: 'suspended',
      reason: 'Chargeback abuse',
    });
    expect(suspended.json().status).toBe('suspended');
    expect((await as(t, customer)('GET', '/api/account/addresses')).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: TEST_HEADERS,
      payload: { email: 'carl@example.in', password: 'secret-pass-1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This account has been suspended. Please contact support.');
    await as(t, admin)('POST', `/api/admin/users/${customer.uid}/status`, { status: 'active', reason: 'Resolved with the bank' });
    customer = await signIn(t, { email: 'carl@example.in', password: 'secret-pass-1' });
    expect((await as(t, customer)('GET', '/api/account/addresses')).statusCode).toBe(200);
  });

  it('refuses suspending or demoting yourself and removing the last active admin', async () => {
    const self = await as(t, admin)('POST', `/api/admin/users/${admin.uid}/status`, { status: 'suspended', reason: 'Trying it on myself' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot suspend your own account');
    expect(
      (await as(t, admin)('POST', `/api/admin/users/${admin.uid}/role`, { role: 'customer', reason: 'Trying it on myself' })).statusCode,
    ).toBe(409);

    const created = await as(t, admin)('POST', '/api/admin/admins', {
      name: 'Bharat Admin',
      email: 'bharat@admin.in',
      password: 'admin-pass-456',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: 'admin', email: 'bharat@admin.in' });
    const duplicate = await as(t, admin)('POST', '/api/admin/admins', {
      name: 'Again',
      email: 'BHARAT@admin.in',
      password: 'admin-pass-456',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(EMAIL_IN_USE_MESSAGE);

    const bharat = await signIn(t, { email: 'bharat@admin.in', password: 'admin-pass-456' }, 'admin');
    // With two admins, one may demote the other; then the remaining one is the last and stays.
    expect(
      (await as(t, bharat)('POST', `/api/admin/users/${admin.uid}/role`, { role: 'customer', reason: 'Handing over the store' })).json()
        .role,
    ).toBe('customer');
    const last = await as(t, bharat)('POST', `/api/admin/users/${bharat.uid}/status`, {
      status: 'suspended',
      reason: 'Cannot lock everyone out',
    });
    expect(last.statusCode).toBe(409);
    await as(t, bharat)('POST', `/api/admin/users/${admin.uid}/role`, { role: 'admin', reason: 'Back to two admins' });
    admin = await signIn(t, { email: 'asha@admin.in', password: 'admin-pass-123' }, 'admin');
    expect(admin.uid).toBeTruthy();
  });

  it('hides a product from the storefront with a reason the vendor sees, and restores it', async () => {
    const product = await createProduct(t.services, { vendorId: vendor.vendorId, name: 'Vera Vision 24 Monitor', category: 'Monitor' });
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    const noReason = await as(t, admin)('POST', `/api/admin/products/${product.id}/moderation`, { action: 'hide' });
    expect(noReason.statusCode).toBe(400);
    const hidden = await as(t, admin)('POST', `/api/admin/products/${product.id}/moderation`, {
      action: 'hide',
      reason: 'Listing uses another brand’s photos',
    });
    expect(hidden.json().hiddenReason).toBe('Listing uses another brand’s photos');
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/search?q=vera%20vision' })).json().total).toBe(0);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: [{ productId: product.id, quantity: 1 }] })).json().items[0]
        .status,
    ).toBe('unavailable');
    expect((await as(t, vendor)('GET', `/api/vendor/products/${product.id}`)).json().hiddenReason).toBe(
      'Listing uses another brand’s photos',
    );
    await as(t, admin)('POST', `/api/admin/products/${product.id}/moderation`, { action: 'restore' });
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    const listed = (await as(t, admin)('GET', '/api/admin/products?status=hidden')).json();
    expect(listed.total).toBe(0);
    const all = (await as(t, admin)('GET', '/api/admin/products?q=vera&vendor=vera-vision')).json();
    expect(all.items.map((p: { name: string }) => p.name)).toEqual(['Vera Vision 24 Monitor']);
    expect((await as(t, customer)('GET', '/api/admin/products')).statusCode).toBe(403);
    const log = (await as(t, admin)('GET', `/api/admin/audit?entityType=product&entityId=${product.id}`)).json();
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(['product.restore', 'product.hide']);
    expect((await as(t, admin)('POST', '/api/admin/products/999999/moderation', { action: 'restore' })).statusCode).toBe(404);
  });

  it('lists payments with filters and totals, refunds in part and in full, never beyond what was captured', async () => {
    await t.services.vendors.setStatus(vendor.vendorId, 'active');
    const product = await createProduct(t.services, {
      vendorId: vendor.vendorId,
      name: 'Vera Vision 27 Refund Test',
      category: 'Monitor',
      price: 1_000_000,
      stock: 5,
    });
    const buyer = await registerCustomer(t, 'dina@example.in', 'Dina Buyer');
    const address = (
      await as(t, buyer)('POST', '/api/account/addresses', {
        name: 'Dina Buyer',
        phone: '9845012345',
        line1: '9 Brigade Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      })
    ).json();
    const order = (
      await as(t, buyer)('POST', '/api/checkout/orders', {
        idempotencyKey: 'admin-refund-order',
        addressId: address.id,
        items: [{ productId: product.id, quantity: 2 }],
      })
    ).json();
    await as(t, buyer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'failure@upi' });
    const paid = (await as(t, buyer)('POST', `/api/orders/${order.id}/payments`, { method: 'upi', vpa: 'dina@okhdfc' })).json();

    const list = (await as(t, admin)('GET', `/api/admin/payments?q=${order.number}`)).json();
    expect(list.totals).toMatchObject({ count: 2, amount: 2 * order.total, captured: order.total, refunded: 0 });
    expect(list.items[0]).toMatchObject({ orderNumber: order.number, customer: { email: 'dina@example.in' } });
    expect((await as(t, admin)('GET', '/api/admin/payments?q=dina@example.in&status=failed')).json().total).toBe(1);
    expect((await as(t, admin)('GET', '/api/admin/payments?minAmount=abc')).statusCode).toBe(400);
    expect((await as(t, customer)('GET', '/api/admin/payments')).statusCode).toBe(403);

    const id = paid.payment.id;
    const tooMuch = await as(t, admin)('POST', `/api/admin/payments/${id}/refund`, { amount: order.total + 1, reason: 'Goodwill gesture' });
    expect(tooMuch.statusCode).toBe(409);
    const partial = (
      await as(t, admin)('POST', `/api/admin/payments/${id}/refund`, { amount: 100_000, reason: 'Late delivery goodwill' })
    ).json();
    expect(partial.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 100_000 });
    expect(partial.order.status).toBe('confirmed');
    const over = await as(t, admin)('POST', `/api/admin/payments/${id}/refund`, { amount: order.total, reason: 'Trying to over-refund' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toContain('is left to refund');

    const stockBefore = (await t.database.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow())
      .stock;
    const full = (
      await as(t, admin)('POST', `/api/admin/payments/${id}/refund`, {
        amount: order.total - 100_000,
        reason: 'Customer changed their mind',
      })
    ).json();
    expect(full.payment).toMatchObject({ status: 'refunded', refundedAmount: order.total });
    expect(full.order.status).toBe('cancelled');
    expect(full.refunds.map((r: { amount: number }) => r.amount)).toEqual([100_000, order.total - 100_000]);
    expect(full.audit[0]).toMatchObject({ action: 'payment.refund', reason: 'Customer changed their mind' });
    const stockAfter = (await t.database.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow())
      .stock;
    expect(stockAfter).toBe(stockBefore + 2);
    const seen = (await as(t, buyer)('GET', `/api/orders/${order.id}`)).json();
    expect(seen.status).toBe('cancelled');
    expect(seen.payments.find((p: { id: number }) => p.id === id).refundedAmount).toBe(order.total);
    expect((await as(t, admin)('POST', `/api/admin/payments/${id}/refund`, { amount: 1, reason: 'Nothing left now' })).statusCode).toBe(
      409,
    );

    const csv = await as(t, admin)('GET', `/api/admin/payments.csv?q=${order.number}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('payment_id,created_at,order,customer,email,method,status,amount_inr,refunded_inr,reference');
    expect(csv.body).toContain(`${id},`);
  });

  it('reports the period on the dashboard: GMV, orders, payments, refunds, new accounts, per day and per category', async () => {
    const dashboard = await as(t, admin)('GET', '/api/admin/dashboard?days=7');
    expect(dashboard.statusCode).toBe(200);
    const d = dashboard.json();
    expect(d.days).toBe(7);
    expect(d.perDay).toHaveLength(7);
    expect(d.orders).toBeGreaterThanOrEqual(1);
    expect(d.gmv).toBe(d.perDay.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0));
    expect(d.payments.paid).toBeGreaterThanOrEqual(1);
    expect(d.payments.failed).toBeGreaterThanOrEqual(1);
    expect(d.refunds.count).toBeGreaterThanOrEqual(2);
    expect(d.salesByCategory.map((c: { category: string }) => c.category)).toContain('Monitor');
    expect(d.latestOrders[0]).toMatchObject({ number: expect.stringMatching(/^CB\d{8}$/) });
    expect(d.newCustomers).toBeGreaterThanOrEqual(2);
    expect((await as(t, admin)('GET', '/api/admin/dashboard?days=12')).statusCode).toBe(400);
    expect((await as(t, customer)('GET', '/api/admin/dashboard')).statusCode).toBe(403);
  });
});
