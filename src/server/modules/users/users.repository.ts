import { sql } from 'kysely';
import type { Role } from '#shared/schemas/auth.ts';
import type { DbOrTx } from '#server/db/database.ts';
import { containing } from '#server/db/like.ts';

export async function findUserById(db: DbOrTx, id: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'status', 'created_at', 'email_verified', 'deleted_at', 'guest_email'])
    .where('id', '=', id)
    .executeTakeFirst();
  // A guest shopper's row is mailed at the address they gave (see insertGuest).
  return row && { ...row, email: row.guest_email ?? row.email, email_verified: Boolean(row.email_verified) };
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'status'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function setUserRole(db: DbOrTx, id: string, role: Role): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function setUserStatus(db: DbOrTx, id: string, status: 'active' | 'suspended'): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function deleteSessionByToken(db: DbOrTx, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token', '=', token).execute();
}

export async function deleteSessionById(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of the user but one (the one making the request). */
export async function deleteOtherSessionsOfUser(db: DbOrTx, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
}

/** 0/1 is read as a boolean by PostgreSQL too, so one value serves both engines. */
export async function setEmailVerified(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ email_verified: 1, updated_at: at.toISOString() }).where('id', '=', id).execute();
}

/**
 * What is left of an account its owner deleted: the row (orders and invoices point at it) with a
 * placeholder name and an e-mail no one can own or sign in with; no way to sign in at all.
 */
export async function anonymiseUser(db: DbOrTx, id: string, at: Date): Promise<void> {
  const iso = at.toISOString();
  await db
    .updateTable('users')
    .set({
      name: 'Deleted user',
      email: `deleted-${id}@invalid`,
      email_verified: 0,
      image: null,
      status: 'suspended',
      deleted_at: iso,
      updated_at: iso,
    })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('accounts').where('user_id', '=', id).execute();
  await db.deleteFrom('verifications').where('value', '=', id).execute();
  await db.deleteFrom('sessions').where('user_id', '=', id).execute();
}

export async function countUsersByRole(db: DbOrTx): Promise<Array<{ role: Role; count: number }>> {
  const rows = await db
    .selectFrom('users')
    .where('guest_email', 'is', null)
    .select(['role', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('role')
    .execute();
  return rows.map((row) => ({ role: row.role, count: Number(row.count) }));
}

export interface UserListFilter {
  q?: string;
  role?: Role;
  status?: 'active' | 'suspended';
  /** only these users (e.g. owners of shops awaiting approval) */
  ids?: readonly string[];
  sort: 'newest' | 'oldest' | 'name' | 'email';
  page: number;
  pageSize: number;
}

export async function listUsers(db: DbOrTx, filter: UserListFilter) {
  let query = db.selectFrom('users').where('guest_email', 'is', null); // guest shoppers are not accounts
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.ids) query = filter.ids.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('id', 'in', filter.ids);
  if (filter.q) {
    const pattern = containing(filter.q);
    query = query.where((eb) =>
      eb.or([sql<boolean>`lower(users.name) like ${pattern} escape '\\'`, sql<boolean>`lower(users.email) like ${pattern} escape '\\'`]),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let page = query.select(['id', 'name', 'email', 'role', 'status', 'created_at']);
  page =
    filter.sort === 'name'
      ? page.orderBy('name')
      : filter.sort === 'email'
        ? page.orderBy('email')
        : page.orderBy('created_at', filter.sort === 'oldest' ? 'asc' : 'desc');
  const rows = await page
    .orderBy('id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUsersByIds(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select(['id', 'name', 'email', 'guest_email']).where('id', 'in', ids).execute();
  return rows.map(({ guest_email, ...row }) => ({ ...row, email: guest_email ?? row.email }));
}

/**
 * The row a guest's order belongs to (migration 0028): no password, no session, a placeholder
 * e-mail no one can sign in with, and the address they gave. Its id is given by the caller, so
 * a checkout submitted twice finds the same row; a second insert changes nothing.
 */
export async function insertGuest(db: DbOrTx, guest: { id: string; name: string; email: string; at: Date }): Promise<void> {
  const iso = guest.at.toISOString();
  await db
    .insertInto('users')
    .values({
      id: guest.id,
      name: guest.name,
      email: `${guest.id}@guest.invalid`,
      email_verified: 0,
      image: null,
      created_at: iso,
      updated_at: iso,
      role: 'customer',
      status: 'active',
      deleted_at: null,
      guest_email: guest.email,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The guest rows that gave this e-mail. */
export async function guestIdsWithEmail(db: DbOrTx, email: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('guest_email', '=', email.trim().toLowerCase()).execute();
  return rows.map((row) => row.id);
}

export async function deleteGuests(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('users').where('id', 'in', ids).where('guest_email', 'is not', null).execute();
}
