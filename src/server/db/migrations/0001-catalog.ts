import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const now = t.postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('vendors')
    .addColumn('id', t.id, (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'active', 'suspended')`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', t.id, (c) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('Laptop', 'Desktop', 'Monitor')`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('mrp', 'bigint', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('specs', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'active', 'archived')`),
    )
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('products_mrp_at_least_price', sql`mrp >= price`)
    .addUniqueConstraint('products_vendor_slug_unique', ['vendor_id', 'slug'])
    .execute();

  // One index per listing path: category pages sorted by price or date, the whole catalogue,
  // brand filters and facets, and a vendor's own products.
  await db.schema.createIndex('products_status_category_price_idx').on('products').columns(['status', 'category', 'price']).execute();
  await db.schema
    .createIndex('products_status_category_created_idx')
    .on('products')
    .columns(['status', 'category', 'created_at'])
    .execute();
  await db.schema.createIndex('products_status_price_idx').on('products').columns(['status', 'price']).execute();
  await db.schema.createIndex('products_status_created_idx').on('products').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('products_status_featured_created_idx')
    .on('products')
    .columns(['status', 'featured', 'created_at'])
    .execute();
  await db.schema.createIndex('products_status_brand_idx').on('products').columns(['status', 'brand']).execute();
  await db.schema.createIndex('products_vendor_idx').on('products').columns(['vendor_id', 'status']).execute();

  await db.schema
    .createTable('product_attributes')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attributes_pk', ['product_id', 'key', 'value'])
    .execute();
  await db.schema
    .createIndex('product_attributes_key_value_idx')
    .on('product_attributes')
    .columns(['key', 'value', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_attributes').execute();
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('vendors').execute();
}
