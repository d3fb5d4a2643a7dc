import { type Kysely, sql } from 'kysely';
import { changeClock, createChangeTriggers, dropChangeTriggers } from './change-log-triggers.ts';
import { columnTypes } from './dialect.ts';

/**
 * The catalogue's change log: one row per product written (inserted, updated or deleted) and per
 * vendor added or whose status or shop changed, with the database's own clock in epoch milliseconds.
 * Every process keeps its in-memory listing and search indexes up to date by reading the rows
 * logged since its last look, so a change costs each process the few products it touched instead
 * of a rebuild of the whole catalogue. Triggers write it, so no writer can forget to.
 *
 * PostgreSQL logs a statement's rows in one insert (transition tables), so bulk loads stay fast.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('catalog_changes')
    .addColumn('id', t.id, (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('product_id', 'integer')
    .addColumn('vendor_id', 'integer')
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalog_changes_at_idx').on('catalog_changes').column('changed_at').execute();

  const now = changeClock(db);
  if (t.postgres) {
    await sql`
      CREATE FUNCTION log_product_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalog_changes (product_id, changed_at) SELECT id, ${now} FROM changed_rows;
        RETURN NULL;
      END $$`.execute(db);
  }
  await createChangeTriggers(db, 'products', 'id', 'log_product_changes');
  if (t.postgres) {
    await sql`
      CREATE FUNCTION log_vendor_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalog_changes (vendor_id, changed_at) VALUES (NEW.id, ${now});
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER vendors_log_update AFTER UPDATE OF status, slug, name ON vendors
      FOR EACH ROW EXECUTE FUNCTION log_vendor_change()`.execute(db);
    await sql`CREATE TRIGGER vendors_log_insert AFTER INSERT ON vendors FOR EACH ROW EXECUTE FUNCTION log_vendor_change()`.execute(db);
    return;
  }

  await sql`
    CREATE TRIGGER vendors_log_update AFTER UPDATE OF status, slug, name ON vendors BEGIN
      INSERT INTO catalog_changes (vendor_id, changed_at) VALUES (new.id, ${now});
    END`.execute(db);
  // A new shop: its slug is known to listings filtered by vendor before it has products.
  await sql`
    CREATE TRIGGER vendors_log_insert AFTER INSERT ON vendors BEGIN
      INSERT INTO catalog_changes (vendor_id, changed_at) VALUES (new.id, ${now});
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropChangeTriggers(db, 'products');
  for (const trigger of ['vendors_log_update', 'vendors_log_insert']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}${sql.raw(columnTypes(db).postgres ? ' ON vendors' : '')}`.execute(db);
  }
  if (columnTypes(db).postgres) {
    await sql`DROP FUNCTION IF EXISTS log_product_changes()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS log_vendor_change()`.execute(db);
  }
  await db.schema.dropTable('catalog_changes').execute();
}
