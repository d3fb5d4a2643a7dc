import type { DbOrTx } from '#server/db/database.ts';

/** A product's details, as a proposal's approval writes them. */
export interface ProposedContent {
  name: string;
  brand: string;
  category: 'Laptop' | 'Desktop' | 'Monitor';
  description: string;
  images: string[];
  specs: Record<string, unknown>;
}

function proposalRows(db: DbOrTx) {
  return db
    .selectFrom('product_proposals')
    .innerJoin('products', 'products.id', 'product_proposals.product_id')
    .innerJoin('vendors', 'vendors.id', 'product_proposals.vendor_id')
    .select([
      'product_proposals.id',
      'product_proposals.product_id',
      'product_proposals.vendor_id',
      'product_proposals.changes',
      'product_proposals.status',
      'product_proposals.reason',
      'product_proposals.created_at',
      'product_proposals.decided_at',
      'products.name as product_name',
      'vendors.name as vendor_name',
    ]);
}

export type ProposalRow = Awaited<ReturnType<ReturnType<typeof proposalRows>['executeTakeFirstOrThrow']>>;

/**
 * Records a seller's proposal: the details it changes, and only those (approved later, it leaves
 * whatever changed meanwhile in the others as it is). It replaces the seller's pending one for
 * the same product.
 */
export async function propose(db: DbOrTx, productId: number, vendorId: number, changes: Partial<ProposedContent>): Promise<void> {
  await db
    .deleteFrom('product_proposals')
    .where('product_id', '=', productId)
    .where('vendor_id', '=', vendorId)
    .where('status', '=', 'pending')
    .execute();
  await db
    .insertInto('product_proposals')
    .values({ product_id: productId, vendor_id: vendorId, changes: JSON.stringify(changes), created_at: new Date().toISOString() })
    .execute();
}

/** Proposals with a status, oldest first (a queue), at most `limit`. */
export function proposalsWith(db: DbOrTx, status: 'pending' | 'approved' | 'rejected', limit = 100) {
  return proposalRows(db)
    .where('product_proposals.status', '=', status)
    .orderBy('product_proposals.created_at')
    .orderBy('product_proposals.id')
    .limit(limit)
    .execute();
}

/** A seller's latest proposal for a product, whatever its status. */
export function latestProposal(db: DbOrTx, productId: number, vendorId: number) {
  return proposalRows(db)
    .where('product_proposals.product_id', '=', productId)
    .where('product_proposals.vendor_id', '=', vendorId)
    .orderBy('product_proposals.id', 'desc')
    .executeTakeFirst();
}

export function findProposal(db: DbOrTx, id: number) {
  return proposalRows(db).where('product_proposals.id', '=', id).executeTakeFirst();
}

/** Decides a pending proposal; false when it was no longer pending (decided meanwhile). */
export async function decide(
  db: DbOrTx,
  id: number,
  status: 'approved' | 'rejected',
  decidedBy: string,
  reason: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('product_proposals')
    .set({ status, reason, decided_by: decidedBy, decided_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
