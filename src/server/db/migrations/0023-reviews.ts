import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect.ts';

/**
 * Ratings and reviews. A review is a customer's, of a product they had delivered: one
 * per product and customer, remembering the seller it was bought from (who may reply once) and
 * the names shown with it. Votes (helpful) and reports are one per review and user. An admin may
 * hide a review (it leaves the lists and the average) or restore it.
 *
 * `product_ratings` is the rating of each product over its visible reviews: their count, the sum
 * of their stars (the average's numerator) and how many gave each star. It moves by deltas in the
 * transaction of every review write, hide and restore, so concurrent reviews never lose a count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const id = (c: ColumnDefinitionBuilder) => (t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('reviews')
    .addColumn('id', t.id, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('visible')
        .check(sql`status in ('visible', 'hidden')`),
    )
    .addColumn('hidden_reason', 'text')
    .addColumn('helpful_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`helpful_count >= 0`),
    )
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** reports since an admin last looked at the review: it waits in the moderation queue while above 0 */
    .addColumn('open_reports', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply', 'text')
    .addColumn('reply_author', 'text')
    .addColumn('replied_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('reviews_product_user_key', ['product_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reviews_product_idx').on('reviews').columns(['product_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('reviews_vendor_idx').on('reviews').columns(['vendor_id', 'created_at']).execute();
  await db.schema.createIndex('reviews_moderation_idx').on('reviews').columns(['open_reports', 'status']).execute();

  await db.schema
    .createTable('review_votes')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_votes_pkey', ['review_id', 'user_id'])
    .execute();
  await db.schema.createIndex('review_votes_user_idx').on('review_votes').columns(['user_id']).execute();

  await db.schema
    .createTable('review_reports')
    .addColumn('id', t.id, id)
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('review_reports_review_user_key', ['review_id', 'user_id'])
    .execute();
  await db.schema.createIndex('review_reports_user_idx').on('review_reports').columns(['user_id']).execute();

  const count = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  await db.schema
    .createTable('product_ratings')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id'))
    .addColumn('rating_count', 'integer', count)
    .addColumn('rating_sum', 'integer', count)
    .addColumn('stars_1', 'integer', count)
    .addColumn('stars_2', 'integer', count)
    .addColumn('stars_3', 'integer', count)
    .addColumn('stars_4', 'integer', count)
    .addColumn('stars_5', 'integer', count)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'product_ratings_counts_check',
      sql`rating_count >= 0 and rating_sum >= 0 and stars_1 >= 0 and stars_2 >= 0 and stars_3 >= 0 and stars_4 >= 0 and stars_5 >= 0`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_ratings').execute();
  await db.schema.dropTable('review_reports').execute();
  await db.schema.dropTable('review_votes').execute();
  await db.schema.dropTable('reviews').execute();
}
