import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoCatalog } from './db/seed/seed.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const database = openDatabase(config.databaseUrl);
await migrateToLatest(database.db);
const { app, services } = await buildApp({ config, database });
if (config.admin) {
  const outcome = await services.authService.ensureAdmin(config.admin);
  app.log.info(`Admin ${config.admin.email}: ${outcome === 'created' ? 'created' : 'already exists'}`);
}
if (config.seedDemo) {
  const seeded = await seedDemoCatalog(database.db, services);
  if (seeded > 0) app.log.info(`Seeded the demo catalogue: ${seeded} products`);
}

// Orders left unpaid for 30 minutes are cancelled and their stock returned.
const expiry = setInterval(() => {
  services.checkout
    .expireUnpaid()
    .then((count) => count > 0 && app.log.info(`Cancelled ${count} unpaid orders`))
    .catch((error: unknown) => app.log.error({ err: error }, 'Expiring unpaid orders failed'));
}, 60_000);
expiry.unref();

async function shutdown(signal: string) {
  app.log.info({ signal }, 'Shutting down');
  clearInterval(expiry);
  await app.close();
  await database.destroy();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`${config.store.name} is running at http://${shownHost}:${port}/`);
