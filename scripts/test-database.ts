/**
 * Creates or drops a PostgreSQL database for a test run:
 *   node scripts/test-database.ts create|drop postgres://postgres@127.0.0.1:5432/postgres NAME
 */
import pg from 'pg';

const [action, adminUrl, name] = process.argv.slice(2);
if (!action || !adminUrl || !name || !/^[a-z0-9_]+$/.test(name) || !['create', 'drop'].includes(action)) {
  console.error('usage: node scripts/test-database.ts create|drop ADMIN_URL NAME (lower-case letters, digits, _)');
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  if (action === 'create') await client.query(`CREATE DATABASE ${name}`);
  else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  console.log(`${action === 'create' ? 'Created' : 'Dropped'} database ${name}`);
} finally {
  await client.end();
}
