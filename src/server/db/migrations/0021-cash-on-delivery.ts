import { type Kysely, sql } from 'kysely';
import { migrationDialect } from './dialect.ts';

const METHODS_BEFORE = "method in ('upi', 'netbanking', 'card', 'emi')";
const METHODS_AFTER = "method in ('upi', 'netbanking', 'card', 'emi', 'cod')";
const STATUSES_BEFORE = "status in ('created', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded')";
const STATUSES_AFTER = "status in ('created', 'authorized', 'captured', 'failed', 'cancelled', 'refunded', 'partially_refunded')";

/**
 * Cash on Delivery: a payment of method 'cod' is authorized when the order is placed
 * (the cash is to be collected), captured when the last shipment is delivered, and cancelled when
 * the order is cancelled before that (no money was ever taken, so nothing is refunded).
 *
 * The payments table's CHECK constraints name the methods and statuses. PostgreSQL replaces them;
 * SQLite cannot alter a constraint, so the table is rebuilt the way SQLite documents (copy, drop,
 * create, copy back, indexes again). Migrations run in a transaction, where SQLite cannot turn
 * foreign keys off: they are deferred to the commit instead, and the refunds that dropping
 * payments cascades away are copied first and written back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rewriteChecks(db, [METHODS_BEFORE, METHODS_AFTER], [STATUSES_BEFORE, STATUSES_AFTER]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM refunds WHERE payment_id IN (SELECT id FROM payments WHERE method = 'cod')`.execute(db);
  await sql`DELETE FROM payments WHERE method = 'cod'`.execute(db);
  await sql`UPDATE payments SET status = 'failed' WHERE status = 'cancelled'`.execute(db);
  await rewriteChecks(db, [METHODS_AFTER, METHODS_BEFORE], [STATUSES_AFTER, STATUSES_BEFORE]);
}

async function rewriteChecks(db: Kysely<unknown>, methods: [string, string], statuses: [string, string]): Promise<void> {
  if (migrationDialect(db) === 'postgres') {
    await sql`ALTER TABLE payments DROP CONSTRAINT payments_method_check, DROP CONSTRAINT payments_status_check`.execute(db);
    await sql
      .raw(
        `ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (${methods[1]}), ADD CONSTRAINT payments_status_check CHECK (${statuses[1]})`,
      )
      .execute(db);
    return;
  }
  const { rows } = await sql<{
    type: string;
    name: string;
    sql: string | null;
  }>`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'payments'`.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql;
  if (!table?.includes(methods[0]) || !table.includes(statuses[0]))
    throw new Error('The payments table does not have the CHECK constraints this migration replaces');
  const others = rows.filter((row) => row.type !== 'table' && row.sql !== null).map((row) => row.sql!);
  await sql`PRAGMA defer_foreign_keys = ON`.execute(db);
  await sql`CREATE TEMP TABLE payments_copy AS SELECT * FROM payments`.execute(db);
  await sql`CREATE TEMP TABLE refunds_copy AS SELECT * FROM refunds`.execute(db);
  await sql`DROP TABLE payments`.execute(db);
  await sql.raw(table.replace(methods[0], methods[1]).replace(statuses[0], statuses[1])).execute(db);
  await sql`INSERT INTO payments SELECT * FROM payments_copy`.execute(db);
  await sql`INSERT INTO refunds SELECT * FROM refunds_copy WHERE id NOT IN (SELECT id FROM refunds)`.execute(db);
  await sql`DROP TABLE payments_copy`.execute(db);
  await sql`DROP TABLE refunds_copy`.execute(db);
  for (const statement of others) await sql.raw(statement).execute(db);
}
