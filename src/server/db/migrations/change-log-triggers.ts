import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/** The database clock in epoch milliseconds, as catalog_changes.changed_at holds it (see 0011). */
export function changeClock(db: Kysely<unknown>) {
  return columnTypes(db).postgres
    ? sql.raw(`(extract(epoch from clock_timestamp()) * 1000)::bigint`)
    : sql.raw(`CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`);
}

/**
 * The triggers that log every row written to `table` (inserted, updated or deleted) as a change of
 * its product in catalog_changes: `${table}_log_insert|update|delete`. PostgreSQL logs a
 * statement's rows in one insert through `pgFunction` (transition tables, so bulk writes stay
 * fast), which the migration creates; SQLite logs row by row, the product in `productColumn`.
 */
export async function createChangeTriggers(
  db: Kysely<unknown>,
  table: 'products' | 'offers' | 'product_ratings',
  productColumn: 'id' | 'product_id',
  pgFunction: string,
): Promise<void> {
  for (const [event, row] of [
    ['INSERT', 'new'],
    ['UPDATE', 'new'],
    ['DELETE', 'old'],
  ] as const) {
    const name = sql.id(`${table}_log_${event.toLowerCase()}`);
    if (columnTypes(db).postgres) {
      await sql`
        CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON ${sql.table(table)}
        REFERENCING ${sql.raw(row.toUpperCase())} TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(pgFunction)}()`.execute(db);
    } else {
      await sql`
        CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON ${sql.table(table)} BEGIN
          INSERT INTO catalog_changes (product_id, changed_at) VALUES (${sql.raw(row)}.${sql.raw(productColumn)}, ${changeClock(db)});
        END`.execute(db);
    }
  }
}

export async function dropChangeTriggers(db: Kysely<unknown>, table: 'products' | 'offers' | 'product_ratings'): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_log_${event}`)}${sql.raw(columnTypes(db).postgres ? ` ON ${table}` : '')}`.execute(
      db,
    );
  }
}
