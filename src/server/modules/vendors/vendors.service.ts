import type { SellerDetails } from '#shared/seller-kyc.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { VendorRow } from '#server/db/schema.ts';
import * as repository from './vendors.repository.ts';
import type { NewVendor } from './vendors.repository.ts';

export function vendorSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'shop'
  );
}

/** A shop's onboarding details, from its row, for the approval checklist. */
export function sellerDetailsOf(shop: VendorRow): SellerDetails {
  const pickup = shop.pickup_address ? (JSON.parse(shop.pickup_address) as { pincode: string }) : null;
  return {
    gstin: shop.gstin,
    legalName: shop.legal_name,
    pan: shop.pan,
    pickupAddress: pickup,
    bankAccount:
      shop.bank_account_holder && shop.bank_account_number && shop.bank_ifsc
        ? { holder: shop.bank_account_holder, number: shop.bank_account_number, ifsc: shop.bank_ifsc }
        : null,
  };
}

/** How long payouts wait after a seller replaces a payout detail: time to read the mail and call us. */
export const PAYOUT_HOLD_HOURS = 72;

/** The payout details a seller may not replace with a session alone. */
export type PayoutDetail = 'bank account' | 'GSTIN' | 'PAN' | 'legal name';

/**
 * The payout details `next` replaces or removes on `shop`: filling one in for the first time
 * (onboarding) or sending it unchanged replaces nothing. Left out (undefined), a detail stays.
 */
export function replacedPayoutDetails(
  shop: VendorRow,
  next: {
    gstin: string | null;
    legalName?: string | null;
    pan?: string | null;
    bankAccount?: { holder: string; number: string; ifsc: string } | null;
  },
): PayoutDetail[] {
  const replaced: PayoutDetail[] = [];
  const changes = (before: string | null, after: string | null | undefined) => after !== undefined && before !== null && before !== after;
  const account = sellerDetailsOf(shop).bankAccount;
  if (
    next.bankAccount !== undefined &&
    account !== null &&
    (next.bankAccount === null ||
      next.bankAccount.number !== account.number ||
      next.bankAccount.ifsc !== account.ifsc ||
      next.bankAccount.holder !== account.holder)
  )
    replaced.push('bank account');
  if (changes(shop.gstin, next.gstin)) replaced.push('GSTIN');
  if (changes(shop.pan, next.pan)) replaced.push('PAN');
  if (changes(shop.legal_name, next.legalName)) replaced.push('legal name');
  return replaced;
}

/** The last four digits of an account number, for mails and the audit log. */
export const lastFour = (number: string) => `••••${number.slice(-4)}`;

/** What delivery needs to know of a shop. */
export interface ShippingProfile {
  vendorId: number;
  /** the pickup address's pincode, or null before the shop has one */
  pickupPincode: string | null;
  acceptsCod: boolean;
  shipsToSpecialZones: boolean;
}

export function createVendorsService({ db }: { db: Db }) {
  return {
    create(vendor: NewVendor, tx?: DbOrTx): Promise<number> {
      return repository.insertVendor(tx ?? db, vendor);
    },

    /** A new seller's shop: pending until an admin approves it, with a free slug for its store page. */
    async createForUser(input: { userId: string; businessName: string; phone: string; gstin?: string }, tx: DbOrTx = db): Promise<number> {
      const base = vendorSlug(input.businessName);
      const taken = new Set(await repository.slugsLike(tx, base));
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      return repository.insertVendor(tx, {
        name: input.businessName,
        slug,
        status: 'pending',
        userId: input.userId,
        phone: input.phone,
        gstin: input.gstin,
      });
    },

    findBySlug(slug: string, tx?: DbOrTx): Promise<VendorRow | undefined> {
      return repository.findVendorBySlug(tx ?? db, slug);
    },

    findById: (id: number, tx?: DbOrTx) => repository.findVendorById(tx ?? db, id),
    /** Gives a shop onboarded without an account its account (the user has role vendor already). */
    attachAccount: (vendorId: number, userId: string, tx?: DbOrTx) => repository.attachVendorUser(tx ?? db, vendorId, userId),
    findByUserIds: (userIds: readonly string[]) => repository.findVendorsByUserIds(db, userIds),
    pendingUserIds: () => repository.pendingVendorUserIds(db),

    findByUserId(userId: string, tx?: DbOrTx): Promise<VendorRow | undefined> {
      return repository.findVendorByUserId(tx ?? db, userId);
    },

    async shippingProfiles(ids: readonly number[], tx: DbOrTx = db): Promise<Map<number, ShippingProfile>> {
      const rows = await repository.findShippingProfiles(tx, [...new Set(ids)]);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            vendorId: row.id,
            pickupPincode: row.pickup_address ? (JSON.parse(row.pickup_address) as { pincode: string }).pincode : null,
            acceptsCod: Number(row.accepts_cod) === 1,
            shipsToSpecialZones: Number(row.ships_to_special_zones) === 1,
          },
        ]),
      );
    },

    countByStatus: () => repository.countVendorsByStatus(db),
    updateProfile: (id: number, fields: Parameters<typeof repository.updateVendorProfile>[2], tx: DbOrTx = db) =>
      repository.updateVendorProfile(tx, id, fields),
    countActiveProducts: (vendorId: number) => repository.countActiveProducts(db, vendorId),
    /** Holds the shop's payouts until `until`, or lifts the hold (null). */
    holdPayouts: (id: number, until: string | null, tx: DbOrTx = db) => repository.setPayoutsHeldUntil(tx, id, until),
    /** Approval and suspension; the admin area calls this. */
    setStatus: (id: number, status: VendorRow['status'], tx?: DbOrTx) => repository.setVendorStatus(tx ?? db, id, status),
    /**
     * A shop follows its owner's account: suspended with it (its status kept in
     * `status_before_owner_suspension`), back to that status when the account is reactivated.
     * While the owner is suspended, `setStatusAfterOwner` changes the status it returns to.
     */
    suspendWithOwner: (id: number, tx: DbOrTx) => repository.suspendVendorWithOwner(tx, id),
    restoreWithOwner: (id: number, tx: DbOrTx) => repository.restoreVendorWithOwner(tx, id),
    setStatusAfterOwner: (id: number, status: VendorRow['status'], tx?: DbOrTx) =>
      repository.setVendorStatusAfterOwner(tx ?? db, id, status),
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
