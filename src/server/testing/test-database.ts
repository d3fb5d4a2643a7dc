import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, type Dialect, openDatabase } from '#server/db/database.ts';
import { migrateTo, migrateToLatest } from '#server/db/migrate.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (always on CI). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A fresh, migrated database: in-memory SQLite, or a new schema on the PostgreSQL test server
 * that is dropped again by `destroy`. `upTo` stops at that migration (a migration's own test).
 */
export async function createTestDatabase(dialect: Dialect, upTo?: string): Promise<DatabaseHandle> {
  const migrate = (db: DatabaseHandle['db'], schema?: string) => (upTo ? migrateTo(db, upTo, schema) : migrateToLatest(db, schema));
  if (dialect === 'sqlite') {
    const handle = openDatabase('sqlite::memory:');
    await migrate(handle.db);
    return handle;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = openDatabase(url, { schema, poolSize: 4 });
  await migrate(handle.db, schema);
  return {
    ...handle,
    destroy: async () => {
      await handle.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
