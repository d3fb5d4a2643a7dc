import cluster, { type Worker } from 'node:cluster';
import { sql } from 'kysely';
import { pino } from 'pino';
import { type Config, loadConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { countRateLimitsForWorkers } from './plugins/machine-rate-limit-store.ts';
import { relayBetweenWorkers } from './plugins/worker-channel.ts';
import { workerFlags } from './worker-memory.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
const config = configOrExit();

/**
 * Several processes may start at once on one PostgreSQL: their start-up steps (migrations, the
 * first admin, the demo catalogue) take turns under an advisory lock, so no two write them together.
 */
async function oneAtATime(database: DatabaseHandle, steps: () => Promise<void>): Promise<void> {
  if (database.dialect !== 'postgres') return steps();
  await database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext('store:start-up'))`.execute(connection);
    try {
      await steps();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('store:start-up'))`.execute(connection);
    }
  });
}

/** The demo accounts just created, as a table a newcomer can copy from. */
function demoAccountsNotice(accounts: ReadonlyArray<{ role: string; email: string; password: string; note: string }>): string {
  const width = (pick: (row: { role: string; email: string; password: string }) => string) =>
    Math.max(...accounts.map((row) => pick(row).length));
  const [roleWidth, emailWidth, passwordWidth] = [width((row) => row.role), width((row) => row.email), width((row) => row.password)];
  const lines = accounts.map(
    (row) => `  ${row.role.padEnd(roleWidth)}  ${row.email.padEnd(emailWidth)}  ${row.password.padEnd(passwordWidth)}  ${row.note}`,
  );
  return ['', 'Demo accounts (the demo data only; shown this once):', ...lines, ''].join('\n');
}

function announce(port: number): void {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`${config.store.name} is running at http://${shownHost}:${port}/`);
}

/**
 * Builds the app and serves it: the whole server when it runs as one process, or one worker of
 * several. The app's modules are loaded here, not at the top, so that the primary of several
 * workers, which only starts and watches them, does without them (about 80 MB).
 */
async function serve(): Promise<void> {
  const [{ buildApp }, { openDatabase }, { migrateToLatest }, { seedDemoCatalog }, { demoAccountsUnfinished, seedDemoAccounts }] =
    await Promise.all([
      import('./app.ts'),
      import('./db/database.ts'),
      import('./db/migrate.ts'),
      import('./db/seed/seed.ts'),
      import('./db/seed/demo-accounts.ts'),
    ]);
  // The start-up steps run once per start: in the only process, or in the first worker, which
  // the primary starts alone and lets the others follow once they are done (STARTED_UP). A
  // worker started later in place of one that died finds them done.
  const startsUp = cluster.isPrimary || cluster.worker?.id === 1;

  // Each process has its own pool, so one machine opens up to workers × DATABASE_POOL_SIZE connections.
  const database = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
  if (startsUp) await oneAtATime(database, () => migrateToLatest(database.db));
  const { app, services } = await buildApp({ config, database });
  if (startsUp && database.dialect === 'postgres' && !config.sessionSecretFromEnv) {
    app.log.warn(
      'SESSION_SECRET is not set, so sessions are signed with DATA_DIR/session-secret. Set the same SESSION_SECRET on every process, or a session made on one will not work on another.',
    );
  }
  if (startsUp) {
    await oneAtATime(database, async () => {
      if (config.admin) {
        const outcome = await services.authService.ensureAdmin(config.admin);
        app.log.info(`Admin ${config.admin.email}: ${outcome === 'created' ? 'created' : 'already exists'}`);
      }
      if (config.seedDemo) {
        const seeded = await seedDemoCatalog(database.db, services);
        if (seeded > 0) app.log.info(`Seeded the demo catalogue: ${seeded} products`);
        // Its accounts, once (or the rest of them, after a start that stopped half-way): printed
        // here, with their passwords, this one time.
        if (seeded > 0 || (await demoAccountsUnfinished(services))) {
          const accounts = await seedDemoAccounts(database.db, services, { withAdmin: !config.admin });
          if (accounts.length > 0) console.log(demoAccountsNotice(accounts));
        }
      }
    });
  }

  // The others may start now and load their catalogue beside this one (two minutes each at
  // 1,000,000 products, which one after another doubled the start).
  if (startsUp && cluster.isWorker) process.send?.(STARTED_UP);

  // The timers below run in every process, each worker included, rather than in one chosen
  // worker: they are built for several processes at once (several machines run them anyway), so
  // no worker has to be handed the duty when another dies, and N workers cost N small queries
  // every 10 s. A worker that replaces one that died finishes at once whatever that one left.

  /**
   * Money first: payments a crash left with the gateway are finished (confirmed or refunded), and
   * queued refunds and mails are done, at start and every few seconds after. Every process runs
   * this; each payment and each job is finished by one of them only (guarded updates and job
   * claims), and the rest find nothing to do.
   */
  async function settleMoney(): Promise<void> {
    try {
      const settled = await services.checkout.reconcile();
      if (Object.values(settled).some((count) => count > 0)) app.log.warn({ settled }, 'Finished payments left in flight');
    } catch (error) {
      app.log.error({ err: error }, 'Reconciling payments failed');
    }
    try {
      // A hosted gateway (Razorpay): stored webhooks not acted on, and attempts with no news, asked about.
      const settled = await services.hostedCheckout.reconcile();
      if (Object.values(settled).some((count) => count > 0)) app.log.warn({ settled }, 'Finished gateway payments');
    } catch (error) {
      app.log.error({ err: error }, 'Reconciling gateway payments failed');
    }
    try {
      await services.outbox.work();
    } catch (error) {
      app.log.error({ err: error }, 'Working the outbox failed');
    }
  }
  await settleMoney();

  // Every minute: orders left unpaid for 30 minutes are cancelled and their stock returned, and old
  // failed sign-ins and mail requests are forgotten. Every process runs this; each order is cancelled by one of them
  // only (a guarded status change in the cancelling transaction), and the rest find nothing to do.
  let housekeeping: Promise<unknown> = Promise.resolve();
  let settling: Promise<void> = Promise.resolve();
  let settlingNow = false;
  const settleTimer = setInterval(() => {
    if (settlingNow) return; // a slow pass (the database is away) is not stacked on
    settlingNow = true;
    settling = settleMoney().finally(() => (settlingNow = false));
  }, 10_000);
  settleTimer.unref();
  const housekeepingTimer = setInterval(() => {
    housekeeping = Promise.all([
      services.checkout
        .expireUnpaid()
        .then((count) => count > 0 && app.log.info(`Cancelled ${count} unpaid orders`))
        .catch((error: unknown) => app.log.error({ err: error }, 'Expiring unpaid orders failed')),
      services.authService.pruneSignInFailures().catch((error: unknown) => app.log.error({ err: error }, 'Pruning failed sign-ins failed')),
      services.accountSecurity
        .prune()
        .catch((error: unknown) => app.log.error({ err: error }, 'Pruning reset and verification mail requests failed')),
      services.reconciliation
        .runDaily()
        .then((report) => report && app.log.info({ differences: report.differences.length }, `Reconciled ${report.date} with the gateway`))
        .catch((error: unknown) => app.log.error({ err: error }, 'The daily reconciliation with the gateway failed')),
      services.returns
        .dropUnconfirmed()
        .then((count) => count > 0 && app.log.info(`Dropped ${count} guest return requests not confirmed in time`))
        .catch((error: unknown) => app.log.error({ err: error }, 'Dropping unconfirmed guest returns failed')),
    ]);
  }, 60_000);
  housekeepingTimer.unref();

  // Once stopping, every answer closes its connection, so keep-alive clients (a load balancer)
  // do not hold the process open until their idle connections time out.
  let stopping = false;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });

  /**
   * Stops accepting connections, lets requests in flight finish (new requests on open keep-alive
   * connections get 503), then closes Redis and the database. Requests still running after the
   * grace period have their connections closed, and the process ends with code 1.
   */
  async function shutdown(signal: string) {
    app.log.info({ signal }, 'Shutting down');
    clearInterval(housekeepingTimer);
    clearInterval(settleTimer);
    const force = setTimeout(() => {
      app.log.warn(`Requests still running ${config.shutdownGraceMs / 1000} s after ${signal}; closing their connections`);
      process.exitCode = 1;
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 5_000).unref();
    }, config.shutdownGraceMs);
    force.unref();
    try {
      await app.close();
      await housekeeping;
      await settling;
      await database.destroy();
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exitCode = 1;
    }
    clearTimeout(force);
    process.exit();
  }
  // A repeated signal (npm and the terminal both pass on Ctrl-C, and a worker hears it from the
  // terminal and from the primary) changes nothing: the grace period bounds the wait.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shutdown(signal);
    });
  }

  // Listings, product pages and search answer from memory: it is filled before the first request
  // is taken, so none waits for it (a worker that starts again meanwhile leaves the others to answer).
  const loading = performance.now();
  await services.catalog.ready();
  app.log.info(`Catalogue loaded in ${Math.round(performance.now() - loading)} ms`);
  const warmed = await services.search.warm();
  const memory = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  app.log.info(
    `Searched ${warmed.words} common words ahead (${warmed.hits} hits kept) in ${warmed.ms} ms; memory ${mb(memory.rss)} MB (heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB, outside it ${mb(memory.external)} MB)`,
  );

  await app.listen({ port: config.port, host: config.host });
  // A worker's primary says when they all listen.
  if (cluster.isPrimary) {
    const address = app.server.address();
    announce(typeof address === 'object' && address ? address.port : config.port);
  }
}

/** What the first worker tells the primary once the start-up steps are done. */
const STARTED_UP = 'circuit-bazaar:started-up';

/** How long a worker must have run for its death to count as a one-off rather than a crash loop. */
const STEADY_MS = 60_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The primary of `workers` processes that share one port (node:cluster hands each new connection
 * to the next worker). It starts the first worker alone, since that one runs the start-up steps,
 * then the rest once it says they are done (or it listens); it replaces a worker that dies, relays
 * worker-channel messages between them, and counts their rate-limited requests (so a limit holds
 * for the machine, not once per worker).
 * On SIGINT or SIGTERM it passes the signal on, waits for every worker's own graceful shutdown,
 * and exits with 0 if all of them ended with 0, else 1. A worker that dies before the server is
 * listening ends the start (exit 1), as a single process failing to start would.
 */
function superviseWorkers(workers: number): void {
  const log = pino({ level: config.logLevel });
  relayBetweenWorkers(cluster);
  countRateLimitsForWorkers(cluster);
  const startedAt = new Map<Worker, number>();
  let listening = 0;
  let started = false;
  let stopping = false;
  let failed = false;
  let restartDelayMs = 0;
  const restarts = new Set<NodeJS.Timeout>();

  const fork = () => startedAt.set(cluster.fork(), Date.now());

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    if (startedAt.size === 0) process.exit(failed ? 1 : 0);
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    // Each worker bounds its own shutdown (the grace period, then 5 s); this covers one that hangs anyway.
    setTimeout(() => {
      log.error('Workers still running well after the grace period; killing them');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
    }, config.shutdownGraceMs + 10_000);
  }

  // The first worker's start-up steps are done: the others start (once).
  let followed = false;
  const follow = () => {
    if (followed) return;
    followed = true;
    for (let i = 1; i < workers; i++) fork();
  };
  cluster.on('message', (worker, message) => {
    if (worker.id === 1 && message === STARTED_UP) follow();
  });

  cluster.on('listening', (worker, address) => {
    if (started) return;
    if (worker.id === 1) follow();
    if (++listening < workers) return;
    started = true;
    announce(address.port);
  });

  cluster.on('exit', (worker, code, signal) => {
    const ranMs = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (stopping) {
      if (code !== 0) failed = true;
      if (startedAt.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!started) {
      log.error({ worker: worker.process.pid }, `A worker ${how} before the server was listening; stopping`);
      failed = true;
      stop('SIGTERM');
      return;
    }
    // A worker that had run steadily is replaced at once; one that dies soon after it started (a
    // crash loop: a bad release, a resource running out) after a delay that doubles each time.
    restartDelayMs = ranMs < STEADY_MS ? Math.min(Math.max(2 * restartDelayMs, 1_000), MAX_RESTART_DELAY_MS) : 0;
    log.error(
      { worker: worker.process.pid },
      `Worker ${worker.process.pid} ${how}; starting another${restartDelayMs ? ` in ${restartDelayMs / 1000} s` : ''}`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, restartDelayMs);
    restarts.add(timer);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  fork();
}

/**
 * The products in the database, or 0 when it cannot tell (a database not created or migrated
 * yet, one that is away): what the workers' memory is sized by (see worker-memory.ts).
 */
async function productsInDatabase(): Promise<number> {
  const { openDatabase } = await import('./db/database.ts');
  const database = openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    const { products } = await database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('products'))
      .executeTakeFirstOrThrow();
    return Number(products);
  } catch {
    return 0;
  } finally {
    await database.destroy();
  }
}

if (cluster.isPrimary && config.workers > 1) {
  const products = await productsInDatabase();
  const execArgv = workerFlags(process.execArgv, products, process.env);
  if (execArgv.join(' ') !== process.execArgv.join(' ')) {
    pino({ level: config.logLevel }).info(
      `${products} products: workers start with ${execArgv.filter((flag) => !process.execArgv.includes(flag)).join(' ')}`,
    );
  }
  cluster.setupPrimary({ execArgv });
  superviseWorkers(config.workers);
} else await serve();
