import type { Role } from '#shared/schemas/auth.ts';
import type { DbOrTx } from '#server/db/database.ts';

export async function findUserById(db: DbOrTx, id: string) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'role', 'status', 'created_at']).where('id', '=', id).executeTakeFirst();
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

export async function countUsersByRole(db: DbOrTx): Promise<Array<{ role: Role; count: number }>> {
  const rows = await db
    .selectFrom('users')
    .select(['role', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('role')
    .execute();
  return rows.map((row) => ({ role: row.role, count: Number(row.count) }));
}

