import { AppError } from '#shared/errors.ts';
import { priceDropSince, WISHLIST_MAX_ITEMS, type WishlistItem } from '#shared/schemas/wishlist.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { ProductMergeFollower } from '#server/modules/admin/admin-products.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { PersonalDataHolder } from '#server/modules/privacy/privacy.service.ts';
import * as repository from './wishlist.repository.ts';

/**
 * Wishlists: a signed-in customer's saved products, each with the price it had when saved. Prices
 * and stock shown with them are the catalogue's now (its service, from memory), so the list can
 * say how much a price has dropped since. Every read and write is by the customer's own id.
 *
 * Crash recovery: a save is one transaction (the count under the owner's lock, then one insert
 * that ignores a product already saved), a removal one delete; a crash leaves the item saved or
 * not, never half, and the list never beyond its limit.
 */
export function createWishlistService({
  db,
  catalog,
  now = () => new Date(),
}: {
  db: Db;
  catalog: Pick<CatalogService, 'findPurchasable' | 'findAny'>;
  now?: () => Date;
}) {
  /** The rows with their products as they are now; a product no longer on sale keeps its name and picture. */
  async function withProducts(rows: repository.WishlistRow[]): Promise<WishlistItem[]> {
    const onSale = new Map((await catalog.findPurchasable(rows.map((row) => row.productId))).map((product) => [product.id, product]));
    const gone = new Map(
      await Promise.all(
        rows.filter((row) => !onSale.has(row.productId)).map(async (row) => [row.productId, await catalog.findAny(row.productId)] as const),
      ),
    );
    return rows.map((row) => {
      const product = onSale.get(row.productId) ?? null;
      const shown = product ?? gone.get(row.productId);
      return {
        productId: row.productId,
        name: shown?.name ?? `Product ${row.productId}`,
        image: shown?.images[0] ?? null,
        savedPrice: row.savedPrice,
        savedAt: row.savedAt,
        product,
        priceDrop: product ? priceDropSince(row.savedPrice, product.price) : 0,
      };
    });
  }

  const list = async (userId: string) => withProducts(await repository.listItems(db, userId));

  return {
    /** The customer's wishlist, newest saves first. */
    list,

    /**
     * Saves a product on sale at its price now (404 for one that is not). Saving it again changes
     * nothing: it keeps the price and date of its first save. 409 beyond WISHLIST_MAX_ITEMS.
     */
    async add(userId: string, productId: number): Promise<WishlistItem> {
      const [product] = await catalog.findPurchasable([productId]);
      if (!product) throw new AppError('NOT_FOUND', `Product ${productId} was not found`);
      // Counted and saved under the owner's lock: saves at once never take the list past the limit.
      await db.transaction().execute(async (tx) => {
        await repository.lockOwner(tx, userId);
        if (await repository.findItem(tx, userId, productId)) return;
        if ((await repository.countItems(tx, userId)) >= WISHLIST_MAX_ITEMS) {
          throw new AppError(
            'CONFLICT',
            `Your wishlist holds ${WISHLIST_MAX_ITEMS} products, the most it can. Remove one to save another.`,
          );
        }
        await repository.insertItem(tx, { userId, productId, savedPrice: product.price, at: now().toISOString() });
      });
      const row = await repository.findItem(db, userId, productId);
      if (!row) throw new AppError('NOT_FOUND', `Product ${productId} was not found`);
      const [item] = await withProducts([row]);
      return item!;
    },

    /** Takes the product out of the wishlist; one not in it is no error (the outcome is the same). */
    remove: (userId: string, productId: number) => repository.deleteItem(db, userId, productId),

    /** A merge of duplicate products moves their saves to the kept product, in the merge's transaction. */
    productMerge: {
      section: 'wishlists',
      moveProduct: (tx: DbOrTx, from: number, into: number) => repository.moveProduct(tx, from, into),
    } satisfies ProductMergeFollower,

    /** The wishlist in "Download my data", and erased with the account. */
    personalData: {
      section: 'wishlist',
      exportFor: async (userId: string) =>
        (await repository.listItems(db, userId)).map((row) => ({
          productId: row.productId,
          savedPrice: row.savedPrice,
          savedAt: row.savedAt,
        })),
      eraseFor: (userId: string, tx: DbOrTx) => repository.deleteAllOf(tx, userId),
    } satisfies PersonalDataHolder,
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
