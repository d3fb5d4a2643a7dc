import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE, WRONG_PASSWORD_MESSAGE } from '#shared/schemas/account-security.ts';
import { requireVerifiedEmail } from '#server/plugins/auth.ts';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';
import { as, registerCustomer, TEST_HEADERS, type TestUser } from '#server/testing/sessions.ts';
import { testDialects } from '#server/testing/test-database.ts';
import { RESET_ANSWER_MS, RESET_MAILS_PER_ADDRESS, RESET_MAILS_PER_EMAIL } from './account-security.service.ts';

const PASSWORD = 'secret-pass-1';

describe.each(testDialects())('account security on %s', (dialect) => {
  let t: TestApp;
  let address = 0;
  // Each test asks from its own client address, so the per-address limit is met only where meant.
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...TEST_HEADERS, ...headers } });
  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...TEST_HEADERS, cookie } });
  const signIn = async (email: string, password: string) => {
    const response = await post('/api/auth/login', { email, password }, { 'x-forwarded-for': nextAddress() });
    const cookie = response.cookies.find((c) => c.name === 'store.session_token');
    return { status: response.statusCode, cookie: cookie ? `store.session_token=${cookie.value}` : '' };
  };
  /** The newest mail to an address, from the outbox (mails go through it like every other). */
  async function lastMailTo(email: string): Promise<{ subject: string; text: string } | undefined> {
    const rows = await t.database.db.selectFrom('outbox').select(['payload']).where('kind', '=', 'mail').orderBy('id', 'desc').execute();
    return rows.map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string }).find((mail) => mail.to === email);
  }
  const tokenIn = (mail: { text: string } | undefined) => /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  const mailCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 'mail')
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** What a route guarded by requireVerifiedEmail (reviews, say) makes of the user's session. */
  async function verifiedGuard(cookie: string): Promise<string> {
    const request = { headers: { ...TEST_HEADERS, cookie } } as unknown as FastifyRequest;
    request.caller = await t.services.authService.resolveCaller(request);
    return requireVerifiedEmail(request).then(
      () => 'allowed',
      (error: unknown) => (error as { code: string }).code,
    );
  }
  const requestReset = (email: string, from = nextAddress()) => post('/api/auth/forgot-password', { email }, { 'x-forwarded-for': from });

  describe('forgotten password', () => {
    it('takes the same time for an unknown e-mail as for an account, so timing tells nothing', async () => {
      await registerCustomer(t, 'timing.reset@example.in', 'Tara Iyer', nextAddress());
      const timed = async (email: string) => {
        const started = performance.now();
        expect((await requestReset(email)).statusCode).toBe(202);
        return performance.now() - started;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < RESET_MAILS_PER_EMAIL; i++) {
        known.push(await timed('timing.reset@example.in'));
        unknown.push(await timed(`nobody.${i}@example.in`));
      }
      // Both answer after the floor, not as soon as the work is done (1–2 ms unknown, 3–6 ms known).
      for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 2);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(15);
      expect(await lastMailTo('timing.reset@example.in')).toBeDefined();
    });

    it('gives the same answer for an unknown e-mail and mails a link only to a real account', async () => {
      const asha = await registerCustomer(t, 'asha.reset@example.in', 'Asha Rao', nextAddress());
      const before = await mailCount();
      const unknown = await requestReset('nobody@example.in');
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      expect(await mailCount()).toBe(before);

      const known = await requestReset('Asha.Reset@example.in');
      expect(known.statusCode).toBe(202);
      expect(known.json()).toEqual(unknown.json());
      const mail = await lastMailTo(asha.email);
      expect(mail?.subject).toMatch(/Reset your .* password/);
      expect(mail?.text).toContain('30 minutes');
      expect(tokenIn(mail)).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      // The token is kept hashed: the table never holds what the link carries.
      const stored = await t.database.db.selectFrom('verifications').select('identifier').where('value', '=', asha.uid).execute();
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.map((row) => row.identifier).join(' ')).not.toContain(tokenIn(mail));
    });

    it('sets the new password with the link once, ends every session, and refuses the link again', async () => {
      const ravi = await registerCustomer(t, 'ravi.reset@example.in', 'Ravi Kumar', nextAddress());
      const other = await signIn(ravi.email, PASSWORD);
      expect(other.status).toBe(200);
      await requestReset(ravi.email);
      const token = tokenIn(await lastMailTo(ravi.email));
      expect((await post('/api/auth/reset-password/check', { token })).json()).toEqual({ valid: true });

      const reset = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass-2' });
      expect(reset.statusCode, reset.body).toBe(204);
      expect((await session(ravi.cookie)).json()).toEqual({ user: null });
      expect((await session(other.cookie)).json()).toEqual({ user: null });
      expect((await signIn(ravi.email, PASSWORD)).status).toBe(401);
      expect((await signIn(ravi.email, 'brand-new-pass-2')).status).toBe(200);
      expect((await lastMailTo(ravi.email))?.subject).toMatch(/password was reset/);

      const again = await post('/api/auth/reset-password', { token, newPassword: 'third-pass-333' });
      expect(again.statusCode).toBe(410);
      expect(again.json().error).toEqual({ code: 'LINK_INVALID', message: LINK_INVALID_MESSAGE });
      expect((await post('/api/auth/reset-password/check', { token })).json()).toEqual({ valid: false });
      expect((await signIn(ravi.email, 'brand-new-pass-2')).status).toBe(200);
    });

    it('refuses an expired link (older than 30 minutes) and leaves the password as it was', async () => {
      const meena = await registerCustomer(t, 'meena.reset@example.in', 'Meena Iyer', nextAddress());
      await requestReset(meena.email);
      const token = tokenIn(await lastMailTo(meena.email));
      const row = await t.database.db
        .selectFrom('verifications')
        .select(['id', 'expires_at', 'created_at'])
        .where('value', '=', meena.uid)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const minutes = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 60_000;
      expect(Math.round(minutes)).toBe(30);
      await t.database.db
        .updateTable('verifications')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', row.id)
        .execute();

      expect((await post('/api/auth/reset-password/check', { token })).json()).toEqual({ valid: false });
      const reset = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass-2' });
      expect(reset.statusCode).toBe(410);
      expect(reset.json().error.code).toBe('LINK_INVALID');
      expect((await signIn(meena.email, PASSWORD)).status).toBe(200);
      expect((await session(meena.cookie)).json().user).not.toBeNull();
    });

    it('refuses a made-up link, and a malformed one with 400', async () => {
      expect((await post('/api/auth/reset-password', { token: 'x'.repeat(32), newPassword: 'brand-new-pass-2' })).statusCode).toBe(410);
      expect((await post('/api/auth/reset-password', { token: '../../etc', newPassword: 'brand-new-pass-2' })).statusCode).toBe(400);
      expect((await post('/api/auth/reset-password', { token: 'x'.repeat(32), newPassword: 'short' })).statusCode).toBe(400);
    });

    it('limits requests per e-mail (known or not, alike) and per client address', async () => {
      const kiran = await registerCustomer(t, 'kiran.reset@example.in', 'Kiran Shah', nextAddress());
      for (const email of [kiran.email, 'ghost@example.in']) {
        for (let i = 0; i < RESET_MAILS_PER_EMAIL; i++) expect((await requestReset(email)).statusCode).toBe(202);
        const limited = await requestReset(email);
        expect(limited.statusCode).toBe(429);
        expect(limited.json().error.code).toBe('RATE_LIMITED');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
      const from = nextAddress();
      for (let i = 0; i < RESET_MAILS_PER_ADDRESS; i++) expect((await requestReset(`someone${i}@example.in`, from)).statusCode).toBe(202);
      expect((await requestReset('someone-else@example.in', from)).statusCode).toBe(429);
      expect((await requestReset('someone-else@example.in')).statusCode).toBe(202);
    });
  });

  describe('signed in', () => {
    let priya: TestUser;
    beforeAll(async () => {
      priya = await registerCustomer(t, 'priya.security@example.in', 'Priya Sharma', nextAddress());
    });

    it('changes the password with the current one: other sessions end, this one stays', async () => {
      const laptop = await signIn(priya.email, PASSWORD);
      const phone = await signIn(priya.email, PASSWORD);
      const wrong = await as(t, priya)('POST', '/api/account/password', {
        currentPassword: 'not-my-password',
        newPassword: 'changed-pass-22',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: WRONG_PASSWORD_MESSAGE,
        details: { issues: [{ field: 'currentPassword' }] },
      });
      expect((await session(phone.cookie)).json().user).not.toBeNull();

      const changed = await as(t, priya)('POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'changed-pass-22' });
      expect(changed.statusCode, changed.body).toBe(204);
      expect((await session(priya.cookie)).json().user).toMatchObject({ email: priya.email });
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/account/addresses',
        headers: { ...TEST_HEADERS, cookie: phone.cookie },
      });
      expect(other.statusCode).toBe(401);
      expect((await session(laptop.cookie)).json()).toEqual({ user: null });
      expect((await signIn(priya.email, PASSWORD)).status).toBe(401);
      expect((await signIn(priya.email, 'changed-pass-22')).status).toBe(200);
      expect((await lastMailTo(priya.email))?.subject).toMatch(/password was changed/);
    });

    it('needs a session to change a password', async () => {
      const response = await post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'changed-pass-22' });
      expect(response.statusCode).toBe(401);
    });

    it('signs out of all devices, this one included', async () => {
      const vikram = await registerCustomer(t, 'vikram.security@example.in', 'Vikram Rao', nextAddress());
      const tablet = await signIn(vikram.email, PASSWORD);
      const response = await as(t, vikram)('POST', '/api/account/sign-out-everywhere');
      expect(response.statusCode).toBe(204);
      expect(response.cookies.find((c) => c.name === 'store.session_token')?.value ?? '').toBe('');
      expect((await session(vikram.cookie)).json()).toEqual({ user: null });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/account/addresses', headers: { ...TEST_HEADERS, cookie: tablet.cookie } }))
          .statusCode,
      ).toBe(401);
      const left = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', vikram.uid).execute();
      expect(left).toEqual([]);
      expect((await signIn(vikram.email, PASSWORD)).status).toBe(200);
    });
  });

  describe('e-mail verification', () => {
    it('mails a link at registration; the account works unverified; the link verifies once', async () => {
      const neha = await registerCustomer(t, 'neha.verify@example.in', 'Neha Gupta', nextAddress());
      expect((await session(neha.cookie)).json().user).toMatchObject({ emailVerified: false });
      // Checkout and the address book do not wait for it; features that need it say so.
      expect((await as(t, neha)('GET', '/api/account/addresses')).statusCode).toBe(200);
      expect(await verifiedGuard(neha.cookie)).toBe('EMAIL_NOT_VERIFIED');
      expect(await verifiedGuard('store.session_token=nothing')).toBe('UNAUTHENTICATED');
      expect(await t.services.users.isEmailVerified(neha.uid)).toBe(false);

      const mail = await lastMailTo(neha.email);
      expect(mail?.subject).toMatch(/verify your e-mail/i);
      const token = tokenIn(mail);
      const verified = await post('/api/auth/verify-email', { token });
      expect(verified.statusCode, verified.body).toBe(204);
      expect((await session(neha.cookie)).json().user).toMatchObject({ emailVerified: true });
      expect(await t.services.users.isEmailVerified(neha.uid)).toBe(true);
      expect(await verifiedGuard(neha.cookie)).toBe('allowed');

      const again = await post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(410);
      expect(again.json().error).toEqual({ code: 'LINK_INVALID', message: LINK_INVALID_MESSAGE });
      expect((await as(t, neha)('POST', '/api/account/verification-email')).statusCode).toBe(409);
    });

    it('resends the link, a few times only, and an expired link does not verify', async () => {
      const arjun = await registerCustomer(t, 'arjun.verify@example.in', 'Arjun Mehta', nextAddress());
      const first = tokenIn(await lastMailTo(arjun.email));
      await t.database.db
        .updateTable('verifications')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('value', '=', arjun.uid)
        .execute();
      expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(410);

      // The registration mail was the first of three in the window.
      for (let i = 0; i < 2; i++) expect((await as(t, arjun)('POST', '/api/account/verification-email')).statusCode).toBe(202);
      const limited = await as(t, arjun)('POST', '/api/account/verification-email');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      const fresh = tokenIn(await lastMailTo(arjun.email));
      expect(fresh).not.toBe(first);
      expect((await post('/api/auth/verify-email', { token: fresh })).statusCode).toBe(204);
      expect((await session(arjun.cookie)).json().user.emailVerified).toBe(true);
    });

    it('counts the admin of ADMIN_EMAIL as verified', async () => {
      await t.services.authService.ensureAdmin({ email: 'admin@security.test', password: 'admin-pass-123', name: 'Asha Admin' });
      const admin = await t.services.users.findByEmail('admin@security.test');
      expect(await t.services.users.isEmailVerified(admin!.id)).toBe(true);
    });

    it('needs a session to resend', async () => {
      expect((await post('/api/account/verification-email', undefined)).statusCode).toBe(401);
    });
  });
});
