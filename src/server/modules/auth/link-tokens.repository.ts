import { type DbOrTx, toIso } from '#server/db/database.ts';

/** A link token's row in Better Auth's `verifications`, by its hashed identifier. */
export async function insertToken(
  db: DbOrTx,
  row: { id: string; identifier: string; value: string; expiresAt: string; at: string },
): Promise<void> {
  await db
    .insertInto('verifications')
    .values({ id: row.id, identifier: row.identifier, value: row.value, expires_at: row.expiresAt, created_at: row.at, updated_at: row.at })
    .execute();
}

export async function findToken(db: DbOrTx, identifier: string): Promise<{ id: string; value: string; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('verifications')
    .select(['id', 'value', 'expires_at'])
    .where('identifier', '=', identifier)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? { id: row.id, value: row.value, expiresAt: toIso(row.expires_at) } : undefined;
}

/** Marks the token used, only from the value it was read with: false when another request used it first. */
export async function markUsed(db: DbOrTx, id: string, value: string, usedValue: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('verifications')
    .set({ value: usedValue, updated_at: at })
    .where('id', '=', id)
    .where('value', '=', value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
