import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** A second store, taking payments through Razorpay, pointed at the fake Razorpay (src/server/testing/fakes/razorpay). */
const RAZORPAY_PORT = Number(process.env.E2E_RAZORPAY_PORT ?? PORT + 80);
const FAKE_RAZORPAY_PORT = Number(process.env.E2E_FAKE_RAZORPAY_PORT ?? PORT + 90);
const FAKE_RAZORPAY = `http://127.0.0.1:${FAKE_RAZORPAY_PORT}`;
/** Test keys both sides share (the fake takes them from its command line, the store from its environment). */
const RAZORPAY_KEYS = {
  keyId: 'rzp_test_e2eCircuitBazaar',
  keySecret: 'e2e-razorpay-key-secret',
  webhookSecret: 'e2e-razorpay-webhook-secret',
};
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
};
const storeEnv = {
  HOST: '127.0.0.1',
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e-admin-password',
  ADMIN_NAME: 'Esha Admin',
  // Tests stand where a proxy would, and give each shopper its own X-Forwarded-For (fixtures.ts).
  TRUST_PROXY: 'true',
};

/** Browser tests drive the production build in Debian's Chromium; no browser is ever downloaded. */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'razorpay.spec.ts',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'razorpay',
      testMatch: 'razorpay.spec.ts',
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://127.0.0.1:${RAZORPAY_PORT}` },
    },
  ],
  webServer: [
    {
      command: 'npm run serve',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...storeEnv, PORT: String(PORT), DATA_DIR: 'test-results/e2e-data' },
    },
    {
      command: [
        'node --experimental-strip-types --disable-warning=ExperimentalWarning src/server/testing/fakes/razorpay/cli.ts',
        `--port ${FAKE_RAZORPAY_PORT} --webhook-url http://127.0.0.1:${RAZORPAY_PORT}/api/webhooks/razorpay`,
        `--key-id ${RAZORPAY_KEYS.keyId} --key-secret ${RAZORPAY_KEYS.keySecret} --webhook-secret ${RAZORPAY_KEYS.webhookSecret}`,
      ].join(' '),
      url: `${FAKE_RAZORPAY}/v1/checkout.js`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npm run serve',
      url: `http://127.0.0.1:${RAZORPAY_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...storeEnv,
        PORT: String(RAZORPAY_PORT),
        DATA_DIR: 'test-results/e2e-razorpay-data',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: RAZORPAY_KEYS.keyId,
        RAZORPAY_KEY_SECRET: RAZORPAY_KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: RAZORPAY_KEYS.webhookSecret,
        RAZORPAY_API_URL: FAKE_RAZORPAY,
        RAZORPAY_CHECKOUT_URL: `${FAKE_RAZORPAY}/v1/checkout.js`,
      },
    },
  ],
});
