/**
 * Brings the database named by DATABASE_URL to the latest schema: `npm run migrate`. Run it once
 * before rolling out a new version to several processes; a single server also migrates at start.
 */
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  console.log(`The ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database is migrated to the latest schema.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
