import { type DbOrTx, toIso } from '#server/db/database.ts';

/** Records one request under each key. */
export async function recordRequest(db: DbOrTx, keys: readonly string[], at: Date): Promise<void> {
  await db
    .insertInto('account_mail_requests')
    .values(keys.map((key) => ({ key, requested_at: at.toISOString() })))
    .execute();
}

/** Requests per key since a moment, with the oldest of them (to say when the window frees up). */
export async function recentRequests(
  db: DbOrTx,
  keys: readonly string[],
  since: Date,
): Promise<Array<{ key: string; count: number; oldest: string }>> {
  const rows = await db
    .selectFrom('account_mail_requests')
    .select(['key', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('requested_at').as('oldest')])
    .where('key', 'in', keys)
    .where('requested_at', '>=', since.toISOString())
    .groupBy('key')
    .execute();
  return rows.map((row) => ({ key: row.key, count: Number(row.count), oldest: toIso(row.oldest as string | Date) }));
}

export async function deleteRequestsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.deleteFrom('account_mail_requests').where('requested_at', '<', before.toISOString()).execute();
}

export async function deleteRequestsOf(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('account_mail_requests').where('key', 'in', keys).execute();
}
