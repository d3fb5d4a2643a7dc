import { CATEGORY_LABELS, type Category, CATEGORIES } from '#shared/categories.ts';
import { AppError } from '#shared/errors.ts';
import { productAttributes } from '#shared/facet-attributes.ts';
import { SPEC_FACETS } from '#shared/facets.ts';
import type { ProductQuery } from '#shared/schemas/catalog-query.ts';
import {
  type CategoryCount,
  type Product,
  type ProductList,
  ProductListSchema,
  type ProductSpecs,
  type ProductStatus,
} from '#shared/schemas/catalog.ts';
import { SPECS_SCHEMAS } from '#shared/schemas/specs-input.ts';
import type { Db, DbOrTx, Dialect } from '#server/db/database.ts';
import type { DeliveryService } from '#server/modules/delivery/delivery.service.ts';
import { compileResponseSerializer } from '#server/plugins/compiled-serializer.ts';
import { type ChangeListener, createChangeFeed } from './catalog-changes.ts';
import { listingFacets } from './catalog-facets.ts';
import { searchableRows } from './catalog-feed.repository.ts';
import * as repository from './catalog.repository.ts';
import { createCatalogIndex } from './listing-index/catalog-index.ts';
import type { IndexFilter, SearchHits } from './listing-index/listing-query.ts';
import * as offers from './offers.repository.ts';
import { contentChanged, contentOf, searchText } from './product-content.ts';
import { createProductStore } from './product-store/product-store.ts';
import * as proposals from './proposals.repository.ts';
import type { ProposedContent } from './proposals.repository.ts';

export interface NewProduct {
  vendorId: number;
  sku?: string | null;
  /** working days from order to dispatch (default 2) */
  dispatchDays?: number;
  /** a seller's new listing waits for the marketplace ('pending'); seeded and imported-by-admin ones are approved */
  review?: 'pending' | 'approved';
  name: string;
  slug: string;
  brand: string;
  category: Category;
  description: string;
  price: number;
  mrp: number;
  stock: number;
  images: string[];
  specs: ProductSpecs;
  status: ProductStatus;
  featured?: boolean;
  createdAt?: string;
}

/** A seller's offer of a product already in the catalogue. */
export interface NewOffer {
  sku?: string | null;
  price: number;
  mrp: number;
  stock: number;
  dispatchDays: number;
}

/** Distinct ids, ascending: the order rows are locked in. */
const ascending = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** A change to a vendor's product; `stockWas` is the stock the editor was shown (see updateForVendor). */
export type ProductEdit = Omit<NewProduct, 'vendorId' | 'slug' | 'createdAt' | 'featured'> & { stockWas?: number };

/**
 * How long an answer waits for the catalogue's own latest changes to reach memory before it is
 * answered from what is there: a look at the change log reads a handful of rows, so an editor sees
 * their edit at once, and no answer ever queues behind index maintenance for longer than this.
 */
export const CHANGE_WAIT_MS = 25;

export interface ListOptions {
  /** the caller has waited for fresh() already */
  waited?: boolean;
}

const serializeList = compileResponseSerializer(ProductListSchema);
/** How the list's JSON starts, its items first (the schema's order); the rest follows them. */
const ITEMS_OPEN = '{"items":[';
if (!serializeList({ items: [], total: 0, page: 1, pageSize: 0, facets: [] }).startsWith('{"items":[]')) {
  throw new Error('A product list is expected to be written items first');
}

export function createCatalogService({
  db,
  dialect,
  places,
  log,
  changeWaitMs = CHANGE_WAIT_MS,
  compressedUpTo,
}: {
  db: Db;
  dialect: Dialect;
  /** India Post's directory: where sellers ship from, and the PIN codes listings are delivered to */
  places: Pick<DeliveryService, 'place' | 'knownPlace'>;
  log?: (error: unknown, message: string) => void;
  changeWaitMs?: number;
  /** products on sale up to which their JSON is kept compressed (product-store.ts) */
  compressedUpTo?: number;
}) {
  const feed = createChangeFeed(db, { log, idsInCommitOrder: dialect === 'sqlite' });
  const index = createCatalogIndex(db, places.place);
  feed.listen((change) => index.apply(change));

  // Every product on sale, as JSON, for product pages, carts and listing pages.
  const store = createProductStore(db, { compressedUpTo });
  feed.listen((change) => store.apply(change));

  /** Products on sale among `ids`, from memory. */
  function purchasable(ids: readonly number[]): Product[] {
    return ids.flatMap((id) => store.product(id) ?? []);
  }

  async function toFilter(query: ProductQuery, match?: SearchHits): Promise<IndexFilter> {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      throw new AppError('VALIDATION_FAILED', 'minPrice must not be greater than maxPrice');
    }
    const attributes: Record<string, readonly string[]> = {};
    for (const facet of SPEC_FACETS) attributes[facet.key] = query[facet.key as keyof ProductQuery] as string[];
    return {
      category: query.category,
      brands: query.brand,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      inStock: query.inStock,
      featured: query.featured,
      vendorSlug: query.vendor,
      attributes,
      // 404 for a PIN code the directory does not have, as "Check delivery" answers (read from memory).
      deliverTo: query.deliverTo === undefined ? undefined : await places.knownPlace(query.deliverTo),
      match,
    };
  }

  /** The page of products on sale a listing shows (ids), with its total and counts. */
  async function listed(query: ProductQuery, hits: SearchHits | undefined, { waited = false }: ListOptions) {
    const filter = await toFilter(query, hits);
    if (!waited) await feed.fresh(changeWaitMs);
    return { filter, found: index.query(filter, query.sort, query.page, query.pageSize) };
  }

  /** The stored form of a product's content (every seller's), and the facet attributes its specs give. */
  function contentRow(input: ProposedContent) {
    const category = input.category;
    const specs = SPECS_SCHEMAS[category].parse(input.specs);
    return {
      content: {
        name: input.name,
        brand: input.brand,
        category,
        description: input.description,
        images: JSON.stringify(input.images),
        specs: JSON.stringify(specs),
        search_text: searchText(category, specs, input.description),
        updated_at: new Date().toISOString(),
      },
      attributes: productAttributes(category, specs),
    };
  }

  /** The stored form of a product's content and of a seller's offer, and the facet attributes its specs give. */
  function productRow(input: Omit<NewProduct, 'vendorId' | 'slug' | 'createdAt'>) {
    if (input.mrp < input.price) throw new AppError('VALIDATION_FAILED', 'MRP must be at least the price');
    const { content, attributes } = contentRow(input);
    return {
      content,
      offer: { price: input.price, mrp: input.mrp, sku: input.sku ?? null, status: input.status, updated_at: content.updated_at },
      attributes,
    };
  }

  async function create(input: NewProduct, tx?: DbOrTx): Promise<number> {
    // The product and its facet attributes are written together or not at all.
    if (!tx) return db.transaction().execute((trx) => create(input, trx));
    const [id] = await createMany([input], tx);
    return id as number;
  }

  /** Many products, each with its lister's offer, in one go (bulk loads, the benchmark): a few statements per batch. */
  async function createMany(inputs: readonly NewProduct[], tx: DbOrTx): Promise<number[]> {
    return repository.insertProducts(
      tx,
      inputs.map((input) => {
        const { content, offer, attributes } = productRow(input);
        const createdAt = input.createdAt ?? content.updated_at;
        const { sku, ...buyBox } = offer;
        return {
          row: {
            ...content,
            ...buyBox,
            stock: input.stock,
            featured: input.featured ? 1 : 0,
            vendor_id: input.vendorId,
            slug: input.slug,
            review: input.review ?? 'approved',
            created_at: createdAt,
            updated_at: createdAt,
          },
          offer: {
            ...offer,
            sku,
            vendor_id: input.vendorId,
            stock: input.stock,
            dispatch_days: input.dispatchDays ?? 2,
            created_at: createdAt,
            updated_at: createdAt,
          },
          attributes,
        };
      }),
    );
  }

  /** Stock as an edit gives it: moved by the editor's change when stockWas says what they were shown, else set. */
  function stockChange(stock: number, stockWas: number | undefined): repository.StockChange {
    return stockWas === undefined ? { to: stock } : { by: stock - stockWas };
  }

  /** A vendor-scoped write matched no row: null when the product is not the vendor's; 409 when the change would take stock below 0. */
  async function refused(vendorId: number, id: number, change: repository.StockChange, tx: DbOrTx): Promise<null> {
    const current = await repository.findVendorProduct(tx, vendorId, id);
    if (!current || 'to' in change) return null;
    throw new AppError(
      'CONFLICT',
      `Stock changed since you opened this product: now ${current.stock}, so it cannot go down by ${-change.by}. Check the stock and save again.`,
      { stock: current.stock },
    );
  }

  /**
   * An edit of a vendor's product. With `stockWas` (the stock the editor was shown) stock moves by
   * the editor's change in one guarded statement, so units sold while the form was open stay sold;
   * without it (the CSV import) stock is set as given. Null when the product is not the vendor's.
   */
  async function updateForVendor(
    vendorId: number,
    id: number,
    input: ProductEdit,
    tx?: DbOrTx,
    { byMarketplace = false } = {},
  ): Promise<{ stock: number; proposed: boolean } | null> {
    if (!tx) return db.transaction().execute((trx) => updateForVendor(vendorId, id, input, trx, { byMarketplace }));
    // Held first: whether another seller sells it decides what this edit may change.
    await offers.lockProduct(tx, id);
    const current = await repository.findVendorProduct(tx, vendorId, id);
    if (!current) return null;
    const { content, offer, attributes } = productRow(input);
    // Price, MRP, SKU, status and stock are the seller's own offer; the product's content is
    // shared by everyone who sells it, and stays the lister's alone to change while no one else
    // does. Other changes to it wait for the marketplace as a proposal (an admin approves or
    // rejects it); an admin may always correct it.
    let proposed = false;
    if (contentChanged(current, content)) {
      if (byMarketplace || (current.listedBy === vendorId && (await offers.otherSellers(tx, vendorId, id)) === 0)) {
        await repository.updateProductContent(tx, id, content, attributes);
        // A listing the marketplace turned down goes back to it once its seller has changed it.
        if (!byMarketplace && current.review.status === 'rejected') await repository.setReview(tx, id, 'pending', null, 'rejected');
      } else {
        const { name, brand, category, description, images, specs } = input;
        const asked: ProposedContent = { name, brand, category, description, images, specs: specs as Record<string, unknown> };
        const now = contentOf(current);
        const changed = Object.fromEntries(
          Object.entries(asked).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(now[key as keyof ProposedContent])),
        );
        await proposals.propose(tx, id, vendorId, changed);
        proposed = true;
      }
    }
    const change = stockChange(input.stock, input.stockWas);
    const stock = await repository.updateOffer(tx, vendorId, id, { ...offer, stock: change });
    if (stock === undefined) return refused(vendorId, id, change, tx);
    await offers.refreshBuyBox(tx, id);
    return { stock, proposed };
  }

  /**
   * An admin's decision on a seller's proposed change to a product's details: approved, the
   * product takes it (and every seller's listing with it); rejected, it is kept with the reason the
   * seller sees. 409 when it was decided already.
   */
  async function decideProposal(id: number, decision: 'approved' | 'rejected', decidedBy: string, reason: string | null, tx: DbOrTx) {
    const proposal = await proposals.findProposal(tx, id);
    if (!proposal) throw new AppError('NOT_FOUND', 'Proposal not found');
    if (!(await proposals.decide(tx, id, decision, decidedBy, reason)))
      throw new AppError('CONFLICT', `This proposal was already ${proposal.status}`);
    if (decision === 'approved') {
      // The fields it changes, onto the details as they are now.
      await offers.lockProduct(tx, proposal.product_id);
      const product = await repository.findAnyProduct(tx, proposal.product_id);
      if (!product) throw new AppError('NOT_FOUND', 'Product not found');
      const { content, attributes } = contentRow({ ...contentOf(product), ...(JSON.parse(proposal.changes) as Partial<ProposedContent>) });
      await repository.updateProductContent(tx, proposal.product_id, content, attributes);
    }
    return proposal;
  }

  /** The list's quick changes to a seller's offer: a status, or stock by the same rule as updateForVendor. Null when the seller has no offer of it. */
  async function setFieldsForVendor(
    vendorId: number,
    id: number,
    fields: { status?: ProductStatus; stock?: number; stockWas?: number },
  ): Promise<{ stock: number } | null> {
    return db.transaction().execute(async (tx) => {
      const change = fields.stock === undefined ? undefined : stockChange(fields.stock, fields.stockWas);
      const stock = await repository.updateOffer(tx, vendorId, id, { ...(fields.status ? { status: fields.status } : {}), stock: change });
      if (stock === undefined) return change ? refused(vendorId, id, change, tx) : null;
      await offers.refreshBuyBox(tx, id);
      return { stock };
    });
  }

  /**
   * A seller's offer of a product already in the catalogue (found by its model name, part number
   * or EAN): price, MRP, stock and dispatch time are its own; the product's content is not
   * touched. 409 when it already has one; 404 when the product is not in the catalogue or was
   * taken off it by the marketplace.
   */
  async function addOffer(vendorId: number, productId: number, input: NewOffer, within?: DbOrTx): Promise<{ offerId: number }> {
    if (input.mrp < input.price) throw new AppError('VALIDATION_FAILED', 'MRP must be at least the price');
    const inTransaction = <T>(work: (tx: DbOrTx) => Promise<T>) => (within ? work(within) : db.transaction().execute(work));
    return inTransaction(async (tx) => {
      await offers.lockProduct(tx, productId);
      const product = await repository.findAnyProduct(tx, productId);
      // Only a product on the storefront: another seller's draft, or one awaiting approval, is not to be sold yet.
      if (!product || product.hiddenReason !== null || product.status !== 'active' || product.review.status !== 'approved')
        throw new AppError('NOT_FOUND', `Product ${productId} was not found`);
      if (await offers.offerOf(tx, vendorId, productId))
        throw new AppError('CONFLICT', 'You already sell this product: change your offer in your product list.');
      const now = new Date().toISOString();
      const [offer] = await offers.insertOffers(tx, [
        {
          product_id: productId,
          vendor_id: vendorId,
          sku: input.sku ?? null,
          price: input.price,
          mrp: input.mrp,
          stock: input.stock,
          dispatch_days: input.dispatchDays,
          status: 'active',
          created_at: now,
          updated_at: now,
        },
      ]);
      await offers.refreshBuyBox(tx, productId);
      return { offerId: (offer as { id: number }).id };
    });
  }

  return {
    /** Products on sale, filtered, sorted and counted; `hits` (a search's) narrows them. */
    async list(query: ProductQuery, hits?: SearchHits, options: ListOptions = {}): Promise<ProductList> {
      const { found, filter } = await listed(query, hits, options);
      return {
        items: purchasable(found.ids),
        total: found.total,
        page: query.page,
        pageSize: query.pageSize,
        facets: listingFacets(filter, found),
      };
    },

    /** The same as `list`, as the JSON the API answers with (UTF-8): the products' JSON is kept in memory, not written per request. */
    async listJson(query: ProductQuery, hits?: SearchHits, options: ListOptions = {}): Promise<Buffer> {
      const { found, filter } = await listed(query, hits, options);
      const rest = serializeList({
        items: [],
        total: found.total,
        page: query.page,
        pageSize: query.pageSize,
        facets: listingFacets(filter, found),
      });
      return store.jsonList(found.ids, ITEMS_OPEN, rest.slice(ITEMS_OPEN.length));
    },

    /** Call after a committed change to the catalogue, here or (by word from it) elsewhere. */
    changed(): void {
      feed.changed();
    },

    /** Told what changed once the catalogue's in-memory views (listings, product cache) hold it. */
    listen(listener: ChangeListener): void {
      feed.listen(listener);
    },

    /** What the search index reads: the words of products on sale, all or by id. */
    searchableRows: () => searchableRows(db),

    /** The places among a search's hits of those of the products that are among them (hits laid over a listing let go of their ids). */
    hitPlaces: (hits: SearchHits, productIds: readonly number[]) => index.hitPlaces(hits, productIds),

    /** Resolves once the in-memory views (listings, products, search) hold the whole catalogue. */
    ready: () => feed.ready(),

    /** The in-memory views loaded, and caught up with announced changes unless that takes longer than the change wait. */
    fresh: () => feed.fresh(changeWaitMs),

    /** Resolves once every change announced so far is in memory (tests, the benchmark). */
    settled: () => feed.settled(),
    /** Reads the whole catalogue into memory again, in the background. */
    rebuild: () => feed.rebuild(),
    /** Stops looking for changes (the app is closing). */
    close: () => feed.close(),

    /** One product on sale. */
    async get(id: number): Promise<Product> {
      await feed.fresh(changeWaitMs);
      const product = store.product(id);
      if (!product) throw new AppError('NOT_FOUND', `Product ${id} was not found`);
      return product;
    },

    /** One product on sale, as the JSON the API answers with. */
    async getJson(id: number): Promise<string> {
      await feed.fresh(changeWaitMs);
      const product = store.json(id);
      if (!product) throw new AppError('NOT_FOUND', `Product ${id} was not found`);
      return product;
    },

    /** Products of the same category closest in price, from memory like every catalogue read. */
    async related(id: number, limit = 4): Promise<Product[]> {
      await feed.fresh(changeWaitMs);
      if (!store.has(id)) throw new AppError('NOT_FOUND', `Product ${id} was not found`);
      return purchasable(index.related(id, limit));
    },

    /** What can be bought now among the given ids, from memory; inactive or unknown ids are simply absent. */
    findPurchasable(ids: readonly number[]): Promise<Product[]> {
      return feed.fresh(changeWaitMs).then(() => purchasable(ids));
    },

    /**
     * Offers that can be bought now, as the transaction sees them (placing an order): on sale, from
     * an active seller, of a product on sale. Others are absent.
     */
    /** Each product's buy box offer as the transaction sees it, by product id (absent when it has none). */
    buyBoxOffers: (productIds: readonly number[], tx: DbOrTx) => offers.buyBoxOffers(tx, productIds),

    async findPurchasableOffers(offerIds: readonly number[], tx: DbOrTx) {
      const rows = await offers.findOffers(tx, offerIds);
      return rows.filter(
        (row) =>
          row.status === 'active' &&
          row.vendor_status === 'active' &&
          row.product_status === 'active' &&
          row.hidden_reason === null &&
          row.review === 'approved',
      );
    },

    addOffer,
    decideProposal,
    /** The marketplace's decision on a product a seller listed: approved, it goes on sale (with its offers); rejected, its seller sees why. */
    reviewProduct: (id: number, decision: 'approved' | 'rejected', reason: string | null, tx: DbOrTx) =>
      repository.setReview(tx, id, decision, reason, 'pending'),
    /** The product a proposal is about (404 when there is no such proposal). */
    async proposalProduct(id: number, tx?: DbOrTx): Promise<number> {
      const proposal = await proposals.findProposal(tx ?? db, id);
      if (!proposal) throw new AppError('NOT_FOUND', 'Proposal not found');
      return proposal.product_id;
    },
    /** Proposed changes to shared products' details with a status, oldest first. */
    proposals: (status: 'pending' | 'approved' | 'rejected') => proposals.proposalsWith(db, status),
    /** The seller's latest proposal for a product, if any. */
    latestProposal: (productId: number, vendorId: number) => proposals.latestProposal(db, productId, vendorId),

    /** Every offer of a product, whatever its status: what the admin sees. */
    offersOf: (productId: number, tx?: DbOrTx) => offers.allOffersOf(tx ?? db, productId),

    /**
     * Merges a duplicate product into the one it duplicates: its offers move there (order lines keep
     * theirs), and the duplicate, left without offers, is archived; both buy boxes are worked out
     * again. 409 when a seller offers both (it would have two offers of one product).
     */
    async mergeProducts(from: number, into: number, tx: DbOrTx): Promise<void> {
      if (from === into) throw new AppError('VALIDATION_FAILED', 'A product cannot be merged into itself');
      const [source, target] = await Promise.all([repository.findAnyProduct(tx, from), repository.findAnyProduct(tx, into)]);
      if (!source || !target) throw new AppError('NOT_FOUND', 'Product not found');
      if (source.category !== target.category)
        throw new AppError(
          'CONFLICT',
          `${source.name} is a ${source.category.toLowerCase()} and ${target.name} a ${target.category.toLowerCase()}: only duplicates of one model are merged`,
        );
      const conflicting = await offers.moveOffers(tx, from, into);
      if (conflicting.length > 0) {
        const names = (await offers.allOffersOf(tx, into))
          .filter((offer) => conflicting.includes(offer.vendor_id))
          .map((offer) => offer.vendor_name);
        throw new AppError(
          'CONFLICT',
          `${names.join(', ')} ${names.length === 1 ? 'sells' : 'sell'} both products: ask them to remove one of their offers first`,
        );
      }
      await offers.refreshBuyBox(tx, from);
      await offers.refreshBuyBox(tx, into);
    },

    /** Works out again the buy boxes of every product the sellers offer: after a change of their status. */
    async refreshBuyBoxesOf(vendorIds: readonly number[], tx: DbOrTx): Promise<void> {
      for (const productId of await offers.productsOfferedBy(tx, vendorIds)) await offers.refreshBuyBox(tx, productId);
    },

    async categories(): Promise<CategoryCount[]> {
      await feed.fresh(changeWaitMs);
      const { categories: counts } = index.query({ brands: [], attributes: {} }, 'relevance', 1, 0);
      return CATEGORIES.map((category) => ({
        category,
        label: CATEGORY_LABELS[category].plural,
        count: counts.find((row) => row.value === category)?.count ?? 0,
      }));
    },

    create,
    createMany,

    names: (ids: readonly number[], tx?: DbOrTx) => repository.productNames(tx ?? db, ids),
    /** Each offer's working days from order to dispatch (a seller's promise), by offer id. */
    dispatchDaysOf: (offerIds: readonly number[]) => offers.dispatchDaysOf(db, offerIds),

    /**
     * Takes stock from each line's offer, in one guarded statement each, and moves the buy boxes
     * it changes: the offers that had too little (the caller rolls back when there are any).
     */
    async takeStock(lines: ReadonlyArray<{ productId: number; offerId: number; quantity: number }>, tx: DbOrTx): Promise<number[]> {
      // Offers, then products, each in ascending order: two orders of the same things in another order never wait on each other.
      const short: number[] = [];
      for (const line of [...lines].sort((a, b) => a.offerId - b.offerId)) {
        if (!(await offers.takeOfferStock(tx, line.offerId, line.quantity))) short.push(line.offerId);
      }
      if (short.length === 0)
        for (const productId of ascending(lines.map((line) => line.productId))) await offers.refreshBuyBox(tx, productId);
      return short;
    },

    /** Puts stock back on each line's offer (a cancelled order) and moves the buy boxes it changes. */
    async returnStock(lines: ReadonlyArray<{ productId: number; offerId: number | null; quantity: number }>, tx: DbOrTx): Promise<void> {
      const held = [...lines].sort((a, b) => (a.offerId ?? 0) - (b.offerId ?? 0));
      for (const line of held) if (line.offerId !== null) await offers.returnOfferStock(tx, line.offerId, line.quantity);
      // The offer's product now: a merge may have moved the offer since the order was placed.
      const now = await offers.productsOfOffers(
        tx,
        held.flatMap((line) => (line.offerId === null ? [] : [line.offerId])),
      );
      for (const productId of ascending([...lines.map((line) => line.productId), ...now])) await offers.refreshBuyBox(tx, productId);
    },

    // A vendor's own products: every call is scoped by the vendor id.
    listForVendor: (vendorId: number, options: repository.VendorListOptions) => repository.listVendorProducts(db, vendorId, options),
    countForVendor: (vendorId: number) => repository.countVendorProductsByState(db, vendorId),
    findForVendor: (vendorId: number, id: number, tx?: DbOrTx) => repository.findVendorProduct(tx ?? db, vendorId, id),
    idsBySku: (vendorId: number, skus: readonly string[], tx?: DbOrTx) => repository.findVendorProductIdsBySku(tx ?? db, vendorId, skus),
    updateForVendor,
    setFieldsForVendor,
    /** Deletes a seller's offer (and the product when no one else offers it): false when it has none. */
    deleteForVendor: (vendorId: number, id: number): Promise<boolean> =>
      db.transaction().execute(async (tx) => {
        const { deleted, productLeft } = await repository.deleteVendorProduct(tx, vendorId, id);
        if (productLeft) await offers.refreshBuyBox(tx, id);
        return deleted;
      }),
    lowStock: (vendorId: number, threshold: number) => repository.lowStockProducts(db, vendorId, threshold),
    findAny: (id: number, tx?: DbOrTx) => repository.findAnyProduct(tx ?? db, id),
    listAll: (filter: Parameters<typeof repository.listAllProducts>[1]) => repository.listAllProducts(db, filter),
    setHiddenReason: (id: number, reason: string | null) => repository.setHiddenReason(db, id, reason),
    /** Features a product on the home page or stops featuring it; false when there is no such product. */
    setFeatured: (id: number, featured: boolean, tx?: DbOrTx) => repository.setFeatured(tx ?? db, id, featured),

    count(): Promise<number> {
      return repository.countProducts(db);
    },

    idBySlug(slug: string): Promise<number | undefined> {
      return repository.productIdBySlug(db, slug);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
