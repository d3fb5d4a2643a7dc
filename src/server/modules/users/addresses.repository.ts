import type { Address, AddressInput } from '#shared/schemas/account.ts';
import type { DbOrTx } from '#server/db/database.ts';

const columns = ['id', 'name', 'phone', 'line1', 'line2', 'city', 'state', 'pincode', 'is_default'] as const;

function toAddress(row: {
  id: number;
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
  is_default: number;
}): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    isDefault: row.is_default === 1,
  };
}

/** Every query is scoped by the owner: another user's address simply does not exist. */
export async function listAddresses(db: DbOrTx, userId: string): Promise<Address[]> {
  const rows = await db
    .selectFrom('addresses')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAddress);
}

export async function findAddress(db: DbOrTx, userId: string, id: number): Promise<Address | undefined> {
  const row = await db.selectFrom('addresses').select(columns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? toAddress(row) : undefined;
}

export async function countAddresses(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: DbOrTx, userId: string, input: AddressInput): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('addresses')
    .values({
      user_id: userId,
      name: input.name,
      phone: input.phone,
      line1: input.line1,
      line2: input.line2,
      city: input.city,
      state: input.state,
      pincode: input.pincode,
      is_default: input.isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(db: DbOrTx, userId: string, id: number, input: AddressInput): Promise<boolean> {
  const result = await db
    .updateTable('addresses')
    .set({
      name: input.name,
      phone: input.phone,
      line1: input.line1,
      line2: input.line2,
      city: input.city,
      state: input.state,
      pincode: input.pincode,
      updated_at: new Date().toISOString(),
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAddress(db: DbOrTx, userId: string, id: number): Promise<boolean> {
  const result = await db.deleteFrom('addresses').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes one address the default and every other of the owner's not. */
export async function setDefaultAddress(db: DbOrTx, userId: string, id: number): Promise<void> {
  await db
    .updateTable('addresses')
    .set((eb) => ({ is_default: eb.case().when('id', '=', id).then(1).else(0).end() }))
    .where('user_id', '=', userId)
    .execute();
}

/** The oldest remaining address, to become the default when the default is deleted. */
export async function firstAddressId(db: DbOrTx, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('id').limit(1).executeTakeFirst();
  return row?.id;
}

export async function deleteAllAddresses(db: DbOrTx, userId: string): Promise<void> {
  await db.deleteFrom('addresses').where('user_id', '=', userId).execute();
}
