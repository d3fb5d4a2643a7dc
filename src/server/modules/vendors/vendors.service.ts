import type { Db, DbOrTx } from '#server/db/database.ts';
import type { VendorRow } from '#server/db/schema.ts';
import * as repository from './vendors.repository.ts';

export function createVendorsService({ db }: { db: Db }) {
  return {
    create(vendor: { name: string; slug: string; status: VendorRow['status'] }, tx?: DbOrTx): Promise<number> {
      return repository.insertVendor(tx ?? db, vendor);
    },
    findBySlug(slug: string, tx?: DbOrTx): Promise<VendorRow | undefined> {
      return repository.findVendorBySlug(tx ?? db, slug);
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
