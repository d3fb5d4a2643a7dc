import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { contentSecurityPolicy, razorpayHosts } from './plugins/security-headers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const base = { SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: 'sqlite::memory:' };
const razorpay = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_Abc123Def456Gh',
  RAZORPAY_KEY_SECRET: 'secret-of-the-key',
  RAZORPAY_WEBHOOK_SECRET: 'secret-of-the-webhooks',
};

describe('choosing the payment gateway', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'payment-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is the sandbox unless Razorpay is asked for', () => {
    expect(loadConfig({ ...base, DATA_DIR: dataDir }).payments).toEqual({ provider: 'sandbox' });
    expect(loadConfig({ ...base, DATA_DIR: dataDir, ...razorpay }).payments).toEqual({
      provider: 'razorpay',
      keyId: razorpay.RAZORPAY_KEY_ID,
      keySecret: razorpay.RAZORPAY_KEY_SECRET,
      webhookSecret: razorpay.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: 'https://api.razorpay.com',
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
  });

  it('refuses half a Razorpay configuration, naming each missing variable', () => {
    const { RAZORPAY_KEY_SECRET: _secret, RAZORPAY_WEBHOOK_SECRET: _webhook, ...half } = razorpay;
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, ...half })).toThrow(
      /RAZORPAY_KEY_SECRET: must be set with PAYMENT_PROVIDER=razorpay[\s\S]*RAZORPAY_WEBHOOK_SECRET: must be set/,
    );
    expect(() => loadConfig({ ...base, DATA_DIR: dataDir, ...razorpay, RAZORPAY_KEY_ID: 'key_123' })).toThrow(
      /RAZORPAY_KEY_ID: must be a Razorpay key id/,
    );
  });

  it('start-up stops with the message, before listening', async () => {
    const { RAZORPAY_WEBHOOK_SECRET: _webhook, ...half } = razorpay;
    const run = promisify(execFile)(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/server/server.ts'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...base, DATA_DIR: dataDir, PORT: '0', ...half },
        timeout: 30_000,
      },
    );
    const failure = (await run.then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | undefined;
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/Invalid configuration:\n\s+RAZORPAY_WEBHOOK_SECRET: must be set with PAYMENT_PROVIDER=razorpay/);
  });

  it('lets the CSP name exactly Razorpay’s hosts when it is on, and nothing more when it is off', () => {
    const off = contentSecurityPolicy({ https: true });
    expect(off['script-src']).toEqual(["'self'"]);
    expect(off['frame-src']).toEqual(["'self'"]);
    expect(off['connect-src']).toEqual(["'self'"]);
    const on = contentSecurityPolicy({
      https: true,
      checkout: razorpayHosts({ apiUrl: 'https://api.razorpay.com', checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js' }),
    });
    expect(on['script-src']).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(on['frame-src']).toEqual(["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(on['connect-src']).toEqual(["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com']);
  });
});
