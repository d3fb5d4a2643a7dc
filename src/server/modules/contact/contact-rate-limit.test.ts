import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/testing/build-app.ts';

const stores: Array<[string, Record<string, string>]> = [['memory', {}]];
if (process.env.TEST_REDIS_URL) stores.push(['redis', { REDIS_URL: process.env.TEST_REDIS_URL }]);

describe.each(stores)('contact form rate limit (%s store)', (_name, env) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('answers 429 with RATE_LIMITED after 10 messages in 10 minutes from one address', async () => {
    t = await buildTestApp('sqlite', env);
    // A fresh client address per run, so counts left in a shared Redis never leak between runs.
    const remoteAddress = `10.${randomBytes(3).join('.')}`;
    const payload = { name: 'Meera Nair', email: 'meera@example.in', topic: 'Other', message: 'Is the Mac mini available in Kochi?' };
    for (let i = 0; i < 10; i++) {
      const ok = await t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
      expect(ok.statusCode).toBe(201);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    const rows = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(10);
  });
});
