import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { EMI_PLANS, EMI_TENURES, type EmiPlan } from '#shared/emi.ts';
import { DEFAULT_STORE_INFO, type StoreInfo } from '#shared/store-info.ts';

/** "3:0,6:0,9:14,12:14,18:15,24:15" → the EMI interest table (months: annual % rate). */
const EmiRatesSchema = z.string().transform((text, ctx) => {
  const plans: EmiPlan[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    const months = Number(match?.[1]);
    if (!match || !(EMI_TENURES as readonly number[]).includes(months)) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not months:rate with months one of ${EMI_TENURES.join(', ')}` });
      return z.NEVER;
    }
    plans.push({ months, annualRatePercent: Number(match[2]) });
  }
  return plans.sort((a, b) => a.months - b.months);
});

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .default('sqlite:./data/store.db')
      .refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
        message: 'must be sqlite:PATH, sqlite::memory: or postgres://…',
      }),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(1024).optional(),
    SEED_DEMO: booleanText.default(true),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
    ADMIN_NAME: z.string().min(1).max(100).default('Store Admin'),
    REDIS_URL: z.url().optional(),
    SMTP_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STORE_NAME: z.string().min(1).optional(),
    STORE_ADDRESS: z.string().min(1).optional(),
    STORE_PHONE: z.string().min(1).optional(),
    STORE_EMAIL: z.email().optional(),
    WEB_DIST_DIR: z.string().default('./dist/web'),
    PUBLIC_URL: z.url().optional(),
    EMI_RATES: EmiRatesSchema.optional(),
    COMMISSION_PERCENT: z.coerce.number().min(0).max(50).default(8),
    /** the largest order, in rupees, that may be paid by Cash on Delivery */
    COD_MAX: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
    CATALOG_CACHE_MB: z.coerce.number().min(0).max(4096).default(8),
    /** search hits kept for repeated searches, per product (about 8 bytes each); unset, by the catalogue's size: see search.service.ts */
    SEARCH_HITS_PER_PRODUCT: z.coerce.number().int().min(1).max(1000).optional(),
    /** products on sale up to which their JSON is kept compressed in memory: see product-store.ts */
    CATALOG_COMPRESSED_UP_TO: z.coerce.number().int().min(0).default(250_000),
    CATALOG_CHANGE_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(25),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(15),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(120),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(72),
    /** tests of crash recovery only; ignored unless NODE_ENV=test */
    TEST_FAULT: z.enum(['kill-after-capture']).optional(),
    /** who takes the shoppers' money: the built-in sandbox ("Test mode") or Razorpay */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_\w+$/, 'must be a Razorpay key id, rzp_test_… or rzp_live_…')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => env.DATABASE_URL !== 'sqlite::memory:' || (env.WEB_CONCURRENCY ?? 1) === 1, {
    message: 'must be 1 with DATABASE_URL=sqlite::memory:, where each process would have a database of its own',
    path: ['WEB_CONCURRENCY'],
  })
  .superRefine((env, ctx) => {
    // Half a gateway would take money it cannot verify or refund: every variable, or none.
    if (env.PAYMENT_PROVIDER !== 'razorpay') return;
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      if (env[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with PAYMENT_PROVIDER=razorpay (see docs/configuration.md)' });
    }
  })
  .refine((env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS, {
    message: 'must not be longer than REQUEST_TIMEOUT_SECONDS',
    path: ['HEADERS_TIMEOUT_SECONDS'],
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  /** PostgreSQL only: the most connections one process opens (so a machine opens workers × this) */
  databasePoolSize: number;
  /** processes serving the port (server.ts); 1 serves from this process alone, without node:cluster */
  workers: number;
  seedDemo: boolean;
  admin?: { email: string; password: string; name: string };
  redisUrl?: string;
  smtpUrl?: string;
  sessionSecret: string;
  /** false when the secret was generated into DATA_DIR: fine for one machine, not for several */
  sessionSecretFromEnv: boolean;
  logLevel: string;
  store: StoreInfo;
  webDistDir: string;
  /** Fastify's trustProxy: false, true, or a comma-separated list of trusted proxy addresses/CIDRs. */
  trustProxy: boolean | string;
  /** the address shoppers use, e.g. https://circuitbazaar.in; cookies are Secure when it is https */
  publicUrl: string;
  /** card EMI interest table; 0% is no-cost EMI */
  emiPlans: readonly EmiPlan[];
  /** the marketplace's commission on vendors' delivered sales */
  commissionPercent: number;
  /** the largest order total, in paise, payable by Cash on Delivery */
  codMax: number;
  /** after SIGTERM, how long requests in flight may run before their connections are closed */
  shutdownGraceMs: number;
  /** memory for cached catalogue answers (lists, search, products); 0 turns the cache off */
  catalogCacheBytes: number;
  /** search hits kept for repeated searches, per product indexed; undefined, by the catalogue's size */
  searchHitsPerProduct: number | undefined;
  /** products on sale up to which their JSON is kept compressed (smaller, a little slower to list); 0 never */
  catalogCompressedUpTo: number;
  /** how long an answer waits at most for this process's latest catalogue change to reach memory */
  catalogChangeWaitMs: number;
  /** how long a client may take to send a request's headers, and the whole request (headers and body) */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** how long an idle keep-alive connection stays open; longer than the load balancer's idle timeout */
  keepAliveTimeoutMs: number;
  /** fault injection for tests (NODE_ENV=test only) */
  testFault?: 'kill-after-capture';
  /** the gateway: the sandbox, or Razorpay with its keys */
  payments: PaymentsConfig;
}

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | { provider: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; apiUrl: string; checkoutUrl: string };

/** Parses the environment once; a bad value stops start-up with the list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    // One per core by default; an in-memory database lives in one process, so it gets one.
    workers: e.WEB_CONCURRENCY ?? (e.DATABASE_URL === 'sqlite::memory:' ? 1 : availableParallelism()),
    seedDemo: e.SEED_DEMO,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME } : undefined,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionSecretFromEnv: e.SESSION_SECRET !== undefined,
    logLevel: e.LOG_LEVEL,
    store: {
      ...DEFAULT_STORE_INFO,
      url: publicUrl,
      name: e.STORE_NAME ?? DEFAULT_STORE_INFO.name,
      address: e.STORE_ADDRESS ?? DEFAULT_STORE_INFO.address,
      phone: e.STORE_PHONE ?? DEFAULT_STORE_INFO.phone,
      supportEmail: e.STORE_EMAIL ?? DEFAULT_STORE_INFO.supportEmail,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    emiPlans: e.EMI_RATES ?? EMI_PLANS,
    commissionPercent: e.COMMISSION_PERCENT,
    codMax: e.COD_MAX * 100,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    catalogCacheBytes: Math.round(e.CATALOG_CACHE_MB * 1024 * 1024),
    searchHitsPerProduct: e.SEARCH_HITS_PER_PRODUCT,
    catalogCompressedUpTo: e.CATALOG_COMPRESSED_UP_TO,
    catalogChangeWaitMs: e.CATALOG_CHANGE_WAIT_MS,
    headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    testFault: e.NODE_ENV === 'test' ? e.TEST_FAULT : undefined,
    publicUrl,
    payments:
      e.PAYMENT_PROVIDER === 'razorpay'
        ? {
            provider: 'razorpay',
            keyId: e.RAZORPAY_KEY_ID!,
            keySecret: e.RAZORPAY_KEY_SECRET!,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
            apiUrl: e.RAZORPAY_API_URL,
            checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
          }
        : { provider: 'sandbox' },
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
