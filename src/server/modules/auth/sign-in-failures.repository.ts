import { type DbOrTx, toIso } from '#server/db/database.ts';

/** Records one attempt under each key; returns the rows' ids, so the attempt can be taken back. */
export async function recordFailure(db: DbOrTx, keys: readonly string[], at: Date): Promise<number[]> {
  const rows = await db
    .insertInto('sign_in_failures')
    .values(keys.map((key) => ({ key, failed_at: at.toISOString() })))
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function deleteFailures(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('sign_in_failures').where('id', 'in', ids).execute();
}

/** Failures per key since a moment, with the oldest of them (to say when the window frees up). */
export async function recentFailures(
  db: DbOrTx,
  keys: readonly string[],
  since: Date,
): Promise<Array<{ key: string; count: number; oldest: string }>> {
  const rows = await db
    .selectFrom('sign_in_failures')
    .select(['key', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('failed_at').as('oldest')])
    .where('key', 'in', keys)
    .where('failed_at', '>=', since.toISOString())
    .groupBy('key')
    .execute();
  return rows.map((row) => ({ key: row.key, count: Number(row.count), oldest: toIso(row.oldest as string | Date) }));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('failed_at', '<', before.toISOString()).execute();
}
