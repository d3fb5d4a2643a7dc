import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '#server/plugins/error-handler.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { TEST_HEADERS } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { SIGN_UP_ATTEMPTS_PER_EMAIL, SIGN_UPS_PER_ADDRESS, SIGN_UPS_PER_DEVICE, signUpLimits } from './sign-up-limits.ts';

describe.each(testDialects())('sign-up limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  // Every request below comes from one address (inject's 127.0.0.1): one office, college or carrier.
  const register = (email: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { ...TEST_HEADERS, ...(cookie ? { cookie } : {}) },
      payload: { name: 'Shopper', email, password: 'secret-pass-1' },
    });
  const deviceCookie = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const device = response.cookies.find((c) => c.name === 'store.device');
    return device ? `store.device=${device.value}` : undefined;
  };

  it('lets 25 shoppers behind one address sign up, each from their own browser', async () => {
    for (let i = 1; i <= 25; i++) {
      const response = await register(`campus.shopper${i}@example.in`);
      expect(response.statusCode, response.body).toBe(201);
      // Each browser is given its device id, httpOnly, sent back to the account endpoints only.
      expect(response.cookies.find((c) => c.name === 'store.device')).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    }
    expect(SIGN_UPS_PER_ADDRESS).toBeGreaterThanOrEqual(300);
  });

  it('still limits attempts on one e-mail address, from however many browsers', async () => {
    const first = await register('hammered@example.in');
    expect(first.statusCode).toBe(201);
    for (let i = 1; i < SIGN_UP_ATTEMPTS_PER_EMAIL; i++) expect((await register('Hammered@Example.in')).statusCode).toBe(409);
    const blocked = await register('hammered@example.in');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts to create an account with this e-mail address. Please try again in 60 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    // The vendor sign-up counts the same e-mail address too; another address is not held up.
    const vendor = await t.app.inject({
      method: 'POST',
      url: '/api/auth/vendor-register',
      headers: TEST_HEADERS,
      payload: {
        name: 'Shop Owner',
        email: 'hammered@example.in',
        password: 'secret-pass-1',
        businessName: 'Hammer Traders',
        phone: '9845012345',
        gstin: '29AABCT1234F1ZM',
      },
    });
    expect(vendor.statusCode).toBe(429);
    expect((await register('someone.else@example.in')).statusCode).toBe(201);
  });

  it('limits accounts made from one browser, and only that browser', async () => {
    const first = await register('device.1@example.in');
    const cookie = deviceCookie(first);
    expect(cookie).toBeDefined();
    for (let i = 2; i <= SIGN_UPS_PER_DEVICE; i++) {
      const response = await register(`device.${i}@example.in`, cookie);
      expect(response.statusCode).toBe(201);
      expect(deviceCookie(response)).toBeUndefined(); // known: not given a new one
    }
    const blocked = await register('device.extra@example.in', cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Too many sign-ups from this browser. Please try again in 60 minutes.');
    expect(await t.services.users.findByEmail('device.extra@example.in')).toBeUndefined();
    expect((await register('another.browser@example.in')).statusCode).toBe(201);
  });
});

describe('the sign-up ceiling per network address', () => {
  it(`refuses the ${SIGN_UPS_PER_ADDRESS + 1}th sign-up of an hour from one address, not another address's`, async () => {
    const app = Fastify({ trustProxy: true });
    registerErrorHandler(app);
    await app.register(rateLimit, { global: false });
    app.post('/sign-up', { preHandler: signUpLimits(app, { secureCookies: false }) }, async () => ({ ok: true }));
    const from = (address: string, i: number) =>
      app.inject({ method: 'POST', url: '/sign-up', headers: { 'x-forwarded-for': address }, payload: { email: `person${i}@example.in` } });
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS; i++) expect((await from('203.0.113.7', i)).statusCode).toBe(200);
    const blocked = await from('203.0.113.7', SIGN_UPS_PER_ADDRESS);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Too many sign-ups from your network. Please try again in 60 minutes.');
    expect((await from('203.0.113.8', 0)).statusCode).toBe(200);
    await app.close();
  });
});
