import { type Offer, type Product, ProductSchema } from '#shared/schemas/catalog.ts';
import type { Db } from '#server/db/database.ts';
import { compileResponseSerializer } from '#server/plugins/compiled-serializer.ts';
import { type CatalogChange, letRequestsThrough } from './catalog-changes.ts';
import * as repository from './catalog.repository.ts';
import { offersOn, productsWithOtherSellers } from './offers.repository.ts';

const serializeProduct = compileResponseSerializer(ProductSchema);

function encode(row: repository.ProductSelection, offers: Offer[] | undefined): string {
  // The serializer builds its answer piece by piece (a rope of small strings, about three times
  // the size); a number conversion makes V8 flatten it into one string before it is kept.
  const json = serializeProduct(repository.toProduct(row, offers));
  void Number(json);
  return json;
}

/**
 * Every product on sale, in memory, as the JSON the API answers with: a product page is a look-up
 * and a listing page a concatenation, with no database read and no serializing per request. Kept
 * up to date from the change feed like the listing and search indexes (a change replaces or drops
 * its products' entries); a full load is built beside the entries in use and swapped in.
 *
 * Strings: about 1.1 KB a product, 110 MB at 100,000 products (twice that for a product whose text
 * has a character beyond Latin-1). Answers made of them are strings too, which the young
 * generation's collections free at once, where buffers outside the heap piled up between
 * collections.
 */
export function createProductStore(db: Db) {
  // By product id: ids are dense, so an array beats a map (3 MB at 100,000 products).
  let json: Array<string | undefined> = [];

  return {
    async apply(change: CatalogChange): Promise<void> {
      if (change.all) {
        const loaded: Array<string | undefined> = [];
        // Products more than one seller offers list every offer; the rest, their row's own.
        const offers = await offersOn(db, await productsWithOtherSellers(db));
        let rows = 0;
        for await (const row of repository.productRows(db)) {
          // Read in id order, the ids not on sale filled as they come: an array written far past
          // its end becomes a hash table.
          while (loaded.length < row.id) loaded.push(undefined);
          loaded[row.id] = encode(row, offers.get(row.id));
          if (++rows % 2_000 === 0) await letRequestsThrough();
        }
        json = loaded;
        return;
      }
      // Synchronous, so no answer sees half of a change.
      for (const id of change.productIds) json[id] = undefined;
      for (const row of change.products) json[row.id] = encode(row, change.offers?.get(row.id));
    },

    /** A product on sale as JSON; undefined when it is not on sale. */
    json(id: number): string | undefined {
      return Number.isSafeInteger(id) && id >= 0 ? json[id] : undefined;
    },

    /** A product on sale; undefined when it is not on sale. */
    product(id: number): Product | undefined {
      const found = Number.isSafeInteger(id) && id >= 0 ? json[id] : undefined;
      return found === undefined ? undefined : (JSON.parse(found) as Product);
    },
  };
}

export type ProductStore = ReturnType<typeof createProductStore>;
