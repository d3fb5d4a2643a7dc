import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Services } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle, Dialect } from '#server/db/database.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  /** this app's own data folder (outbox, …), removed by close */
  dataDir: string;
  close: () => Promise<void>;
}

/** The real app on a fresh database of the given dialect, not listening; use `app.inject`. */
export async function buildTestApp(dialect: Dialect, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'x'.repeat(32),
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent',
    // A test reads right after it writes; on a loaded CI machine a look at the change log can take
    // longer than production's 25 ms, so tests wait for it (the bound itself has its own test).
    CATALOG_CHANGE_WAIT_MS: '5000',
    ...env,
  });
  const { app, services } = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    services,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
