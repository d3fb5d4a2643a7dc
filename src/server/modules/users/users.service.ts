import { AppError } from '#shared/errors.ts';
import type { Address, AddressInput } from '#shared/schemas/account.ts';
import type { CurrentUser, Role } from '#shared/schemas/auth.ts';
import { type Db, type DbOrTx, toIso } from '#server/db/database.ts';
import type { DeliveryService } from '#server/modules/delivery/delivery.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import * as addresses from './addresses.repository.ts';
import * as users from './users.repository.ts';

export const MAX_ADDRESSES = 20;

export function createUsersService({
  db,
  vendors,
  delivery,
}: {
  db: Db;
  vendors: VendorsService;
  delivery: Pick<DeliveryService, 'assertAddress'>;
}) {
  async function requireAddress(userId: string, id: number, tx: DbOrTx = db): Promise<Address> {
    const address = await addresses.findAddress(tx, userId, id);
    // Someone else's address and a missing one look the same: not found.
    if (!address) throw new AppError('NOT_FOUND', 'Address not found');
    return address;
  }

  return {
    findById: (id: string, tx?: DbOrTx) => users.findUserById(tx ?? db, id),
    findByEmail: (email: string, tx?: DbOrTx) => users.findUserByEmail(tx ?? db, email),
    setRole: (id: string, role: Role, tx?: DbOrTx) => users.setUserRole(tx ?? db, id, role),
    setStatus: (id: string, status: 'active' | 'suspended', tx?: DbOrTx) => users.setUserStatus(tx ?? db, id, status),
    delete: (id: string, tx?: DbOrTx) => users.deleteUser(tx ?? db, id),
    deleteSessionByToken: (token: string) => users.deleteSessionByToken(db, token),
    deleteSessionById: (id: string) => users.deleteSessionById(db, id),
    deleteSessionsOf: (userId: string, tx?: DbOrTx) => users.deleteSessionsOfUser(tx ?? db, userId),
    deleteOtherSessionsOf: (userId: string, keepSessionId: string) => users.deleteOtherSessionsOfUser(db, userId, keepSessionId),
    markEmailVerified: (userId: string, at: Date, tx?: DbOrTx) => users.setEmailVerified(tx ?? db, userId, at),

    /**
     * Whether the user proved they own their e-mail address (the link mailed at registration).
     * Accounts from before verification existed count as verified. Routes use requireVerifiedEmail.
     */
    async isEmailVerified(userId: string): Promise<boolean> {
      const user = await users.findUserById(db, userId);
      return user?.email_verified === true && user.deleted_at === null;
    },

    /**
     * The account's personal data is erased (name, e-mail, addresses with their phone numbers,
     * password, sessions, tokens); the row stays for the orders and invoices that point at it.
     */
    async anonymise(userId: string, at: Date, tx: DbOrTx): Promise<void> {
      await addresses.deleteAllAddresses(tx, userId);
      await users.anonymiseUser(tx, userId, at);
    },
    /** A guest shopper's row for one checkout (see the users repository); its id is the caller's. */
    insertGuest: (tx: DbOrTx, guest: { id: string; name: string; email: string; at: Date }) => users.insertGuest(tx, guest),
    guestIdsWithEmail: (email: string, tx?: DbOrTx) => users.guestIdsWithEmail(tx ?? db, email),
    deleteGuests: (ids: readonly string[], tx: DbOrTx) => users.deleteGuests(tx, ids),
    countByRole: () => users.countUsersByRole(db),
    list: (filter: users.UserListFilter) => users.listUsers(db, filter),
    countActiveAdmins: () => users.countActiveAdmins(db),
    findByIds: (ids: readonly string[]) => users.findUsersByIds(db, ids),

    /** The signed-in user as the app sees them: profile, role, addresses and vendor profile. */
    async currentUser(userId: string): Promise<CurrentUser | undefined> {
      const user = await users.findUserById(db, userId);
      if (!user || user.status !== 'active') return undefined;
      const [book, vendor] = await Promise.all([
        addresses.listAddresses(db, userId),
        user.role === 'vendor' ? vendors.findByUserId(userId) : Promise.resolve(undefined),
      ]);
      return {
        uid: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        emailVerified: user.email_verified,
        addresses: book,
        vendor: vendor ? { id: vendor.id, name: vendor.name, slug: vendor.slug, status: vendor.status } : null,
        createdAt: toIso(user.created_at),
      };
    },

    listAddresses: (userId: string) => addresses.listAddresses(db, userId),
    findAddress: (userId: string, id: number) => addresses.findAddress(db, userId, id),

    /** Saves a new address: its PIN code India Post's and in its state (400 otherwise). */
    async addAddress(userId: string, input: AddressInput): Promise<Address> {
      await delivery.assertAddress(input);
      return db.transaction().execute(async (tx) => {
        const count = await addresses.countAddresses(tx, userId);
        if (count >= MAX_ADDRESSES) {
          throw new AppError('CONFLICT', `An address book holds at most ${MAX_ADDRESSES} addresses. Delete one first.`);
        }
        const id = await addresses.insertAddress(tx, userId, { ...input, isDefault: false });
        // The first address is the default; a new one becomes default when asked.
        if (count === 0 || input.isDefault) await addresses.setDefaultAddress(tx, userId, id);
        return requireAddress(userId, id, tx);
      });
    },

    async updateAddress(userId: string, id: number, input: AddressInput): Promise<Address> {
      await delivery.assertAddress(input);
      return db.transaction().execute(async (tx) => {
        if (!(await addresses.updateAddress(tx, userId, id, input))) throw new AppError('NOT_FOUND', 'Address not found');
        if (input.isDefault) await addresses.setDefaultAddress(tx, userId, id);
        return requireAddress(userId, id, tx);
      });
    },

    async deleteAddress(userId: string, id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const address = await requireAddress(userId, id, tx);
        await addresses.deleteAddress(tx, userId, id);
        if (address.isDefault) {
          const next = await addresses.firstAddressId(tx, userId);
          if (next !== undefined) await addresses.setDefaultAddress(tx, userId, next);
        }
      });
    },

    async setDefaultAddress(userId: string, id: number): Promise<Address> {
      return db.transaction().execute(async (tx) => {
        await requireAddress(userId, id, tx);
        await addresses.setDefaultAddress(tx, userId, id);
        return requireAddress(userId, id, tx);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
