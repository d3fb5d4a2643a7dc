import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoCatalog } from './db/seed/seed.ts';

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

const database = openDatabase(config.databaseUrl);
await oneAtATime(database, () => migrateToLatest(database.db));
const { app, services } = await buildApp({ config, database });
if (database.dialect === 'postgres' && !config.sessionSecretFromEnv) {
  app.log.warn('SESSION_SECRET is not set, so sessions are signed with DATA_DIR/session-secret. Set the same SESSION_SECRET on every process, or a session made on one will not work on another.');
}
await oneAtATime(database, async () => {
  if (config.admin) {
    const outcome = await services.authService.ensureAdmin(config.admin);
    app.log.info(`Admin ${config.admin.email}: ${outcome === 'created' ? 'created' : 'already exists'}`);
  }
  if (config.seedDemo) {
    const seeded = await seedDemoCatalog(database.db, services);
    if (seeded > 0) app.log.info(`Seeded the demo catalogue: ${seeded} products`);
  }
});

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
    await services.outbox.work();
  } catch (error) {
    app.log.error({ err: error }, 'Working the outbox failed');
  }
}
await settleMoney();

// Every minute: orders left unpaid for 30 minutes are cancelled and their stock returned, and old
// failed sign-ins are forgotten. Every process runs this; each order is cancelled by one of them
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
// A repeated signal (npm and the terminal both pass on Ctrl-C) changes nothing: the grace period bounds the wait.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void shutdown(signal);
  });
}

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`${config.store.name} is running at http://${shownHost}:${port}/`);
