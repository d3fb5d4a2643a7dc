import { CATEGORY_LABELS, type Category, CATEGORIES } from '#shared/categories.ts';
import { AppError } from '#shared/errors.ts';
import { productAttributes, SPEC_FACETS, type SpecFacet } from '#shared/facets.ts';
import type { ProductQuery } from '#shared/schemas/catalog-query.ts';
import {
  type CategoryCount,
  type Facet,
  type Product,
  type ProductList,
  ProductListSchema,
  type ProductSpecs,
  type ProductStatus,
  SPECS_SCHEMAS,
} from '#shared/schemas/catalog.ts';
import type { Db, DbOrTx, Dialect } from '#server/db/database.ts';
import { compileResponseSerializer } from '#server/plugins/compiled-serializer.ts';
import { type ChangeListener, createChangeFeed } from './catalog-changes.ts';
import { createCatalogIndex, type IndexFilter, type IndexResult, type SearchHits } from './catalog-index.ts';
import * as repository from './catalog.repository.ts';
import { createProductStore } from './product-store.ts';
import type { RawFacetCount } from './catalog.repository.ts';

export interface NewProduct {
  vendorId: number;
  sku?: string | null;
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

/** A change to a vendor's product; `stockWas` is the stock the editor was shown (see updateForVendor). */
export type ProductEdit = Omit<NewProduct, 'vendorId' | 'slug' | 'createdAt' | 'featured'> & { stockWas?: number };

/** The words a product is found by, besides its name and brand. */
function searchText(category: Category, specs: ProductSpecs, description: string): string {
  const specWords = Object.values(specs).flatMap((value) => (Array.isArray(value) ? value : [value]));
  return [category, CATEGORY_LABELS[category].plural, ...specWords.map(String), description].join(' ');
}

function facetsFor(category: Category | undefined): readonly SpecFacet[] {
  // Within a category every spec facet that applies; across categories only the shared ones.
  return category
    ? SPEC_FACETS.filter((facet) => facet.categories.includes(category))
    : SPEC_FACETS.filter((facet) => facet.categories.length > 1);
}

function sortValues(values: RawFacetCount[], numeric: boolean): RawFacetCount[] {
  return [...values].sort((a, b) =>
    numeric ? Number(a.value) - Number(b.value) : a.value.localeCompare(b.value, 'en'),
  );
}

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

export function createCatalogService({ db, dialect, log, changeWaitMs = CHANGE_WAIT_MS }: { db: Db; dialect: Dialect; log?: (error: unknown, message: string) => void; changeWaitMs?: number }) {
  const feed = createChangeFeed(db, { log, idsInCommitOrder: dialect === 'sqlite' });
  const index = createCatalogIndex(db);
  feed.listen((change) => index.apply(change));

  // Every product on sale, as JSON, for product pages, carts and listing pages.
  const store = createProductStore(db);
  feed.listen((change) => store.apply(change));

  /** Products on sale among `ids`, from memory. */
  function purchasable(ids: readonly number[]): Product[] {
    return ids.flatMap((id) => store.product(id) ?? []);
  }

  function toFilter(query: ProductQuery, match?: SearchHits): IndexFilter {
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
      match,
    };
  }

  function facets(filter: IndexFilter, counts: IndexResult): Facet[] {
    const specFacets = facetsFor(filter.category);
    const { categories, brands, attributes } = counts;
    const result: Facet[] = [];
    if (!filter.category) {
      result.push({
        key: 'category',
        label: 'Category',
        values: CATEGORIES.flatMap((category) => {
          const count = categories.find((row) => row.value === category)?.count ?? 0;
          return count > 0 ? [{ value: category, label: CATEGORY_LABELS[category].plural, count }] : [];
        }),
      });
    }
    result.push({
      key: 'brand',
      label: 'Brand',
      values: brands.map((row) => ({ value: row.value, label: row.value, count: row.count })),
    });
    for (const facet of specFacets) {
      const values = sortValues(
        attributes.filter((row) => row.key === facet.key),
        facet.numeric,
      );
      if (values.length === 0) continue;
      result.push({
        key: facet.key,
        label: facet.label,
        values: values.map((row) => ({ value: row.value, label: facet.format(row.value), count: row.count })),
      });
    }
    return result;
  }

  /** The page of products on sale a listing shows (ids), with its total and counts. */
  async function listed(query: ProductQuery, hits: SearchHits | undefined, { waited = false }: ListOptions) {
    const filter = toFilter(query, hits);
    if (!waited) await feed.fresh(changeWaitMs);
    return { filter, found: index.query(filter, query.sort, query.page, query.pageSize) };
  }

  /** The stored form of a product's editable fields, and the facet attributes its specs give. */
  function productRow(input: Omit<NewProduct, 'vendorId' | 'slug' | 'createdAt'>) {
    const specs = SPECS_SCHEMAS[input.category].parse(input.specs);
    if (input.mrp < input.price) throw new AppError('VALIDATION_FAILED', 'MRP must be at least the price');
    return {
      row: {
        name: input.name,
        brand: input.brand,
        category: input.category,
        description: input.description,
        price: input.price,
        mrp: input.mrp,
        stock: input.stock,
        images: JSON.stringify(input.images),
        specs: JSON.stringify(specs),
        search_text: searchText(input.category, specs, input.description),
        status: input.status,
        featured: input.featured ? 1 : 0,
        sku: input.sku ?? null,
        updated_at: new Date().toISOString(),
      },
      attributes: productAttributes(input.category, specs),
    };
  }

  async function create(input: NewProduct, tx?: DbOrTx): Promise<number> {
    // The product and its facet attributes are written together or not at all.
    if (!tx) return db.transaction().execute((trx) => create(input, trx));
    const [id] = await createMany([input], tx);
    return id as number;
  }

  /** Many products in one go (bulk loads, the benchmark): a few statements per batch. */
  async function createMany(inputs: readonly NewProduct[], tx: DbOrTx): Promise<number[]> {
    return repository.insertProducts(
      tx,
      inputs.map((input) => {
        const { row, attributes } = productRow(input);
        const createdAt = input.createdAt ?? row.updated_at;
        return { row: { ...row, vendor_id: input.vendorId, slug: input.slug, created_at: createdAt, updated_at: createdAt }, attributes };
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
  async function updateForVendor(vendorId: number, id: number, input: ProductEdit, tx?: DbOrTx): Promise<{ stock: number } | null> {
    if (!tx) return db.transaction().execute((trx) => updateForVendor(vendorId, id, input, trx));
    const { row, attributes } = productRow(input);
    // Featuring is the store's choice, not the vendor's: an edit leaves it as it is (see setFeatured).
    const { featured: _featured, stock: _stock, ...editable } = row;
    const change = stockChange(input.stock, input.stockWas);
    const stock = await repository.updateVendorProduct(tx, vendorId, id, editable, change, attributes);
    return stock === undefined ? refused(vendorId, id, change, tx) : { stock };
  }

  /** The list's quick changes: a status, or stock by the same rule as updateForVendor. Null when the product is not the vendor's. */
  async function setFieldsForVendor(vendorId: number, id: number, fields: { status?: ProductStatus; stock?: number; stockWas?: number }): Promise<{ stock: number } | null> {
    const change = fields.stock === undefined ? undefined : stockChange(fields.stock, fields.stockWas);
    const stock = await repository.setVendorProductFields(db, vendorId, id, { status: fields.status, stock: change });
    if (stock !== undefined) return { stock };
    return change ? refused(vendorId, id, change, db) : null;
  }

  return {
    /** Products on sale, filtered, sorted and counted; `hits` (a search's) narrows them. */
    async list(query: ProductQuery, hits?: SearchHits, options: ListOptions = {}): Promise<ProductList> {
      const { found, filter } = await listed(query, hits, options);
      return { items: purchasable(found.ids), total: found.total, page: query.page, pageSize: query.pageSize, facets: facets(filter, found) };
    },

    /** The same as `list`, as the JSON the API answers with: the products' JSON is kept in memory, not written per request. */
    async listJson(query: ProductQuery, hits?: SearchHits, options: ListOptions = {}): Promise<string> {
      const { found, filter } = await listed(query, hits, options);
      const rest = serializeList({ items: [], total: found.total, page: query.page, pageSize: query.pageSize, facets: facets(filter, found) });
      const items: string[] = [];
      for (const id of found.ids) {
        const product = store.json(id);
        if (product !== undefined) items.push(product);
      }
      return ITEMS_OPEN + items.join(',') + rest.slice(ITEMS_OPEN.length);
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
    searchableRows: () => repository.searchableRows(db),

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
      if (!store.json(id)) throw new AppError('NOT_FOUND', `Product ${id} was not found`);
      return purchasable(index.related(id, limit));
    },

    /** What can be bought now among the given ids; inactive or unknown ids are simply absent. */
    findPurchasable(ids: readonly number[], tx?: DbOrTx): Promise<Product[]> {
      // Inside a transaction (placing an order) always the database, as the transaction sees it.
      if (tx) return repository.findPurchasableProducts(tx, ids);
      return feed.fresh(changeWaitMs).then(() => purchasable(ids));
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

    /** Takes stock for every line or none: false as soon as one line cannot be had. */
    async takeStock(lines: ReadonlyArray<{ productId: number; quantity: number }>, tx: DbOrTx): Promise<number[]> {
      const short: number[] = [];
      for (const line of lines) {
        if (!(await repository.takeStock(tx, line.productId, line.quantity))) short.push(line.productId);
      }
      return short;
    },

    async returnStock(lines: ReadonlyArray<{ productId: number; quantity: number }>, tx: DbOrTx): Promise<void> {
      for (const line of lines) await repository.returnStock(tx, line.productId, line.quantity);
    },

    // A vendor's own products: every call is scoped by the vendor id.
    listForVendor: (vendorId: number, options: repository.VendorListOptions) => repository.listVendorProducts(db, vendorId, options),
    countForVendor: (vendorId: number) => repository.countVendorProductsByStatus(db, vendorId),
    findForVendor: (vendorId: number, id: number, tx?: DbOrTx) => repository.findVendorProduct(tx ?? db, vendorId, id),
    idsBySku: (vendorId: number, skus: readonly string[], tx?: DbOrTx) => repository.findVendorProductIdsBySku(tx ?? db, vendorId, skus),
    updateForVendor,
    setFieldsForVendor,
    deleteForVendor: (vendorId: number, id: number) => repository.deleteVendorProduct(db, vendorId, id),
    lowStock: (vendorId: number, threshold: number) => repository.lowStockProducts(db, vendorId, threshold),
    findAny: (id: number) => repository.findAnyProduct(db, id),
    listAll: (filter: Parameters<typeof repository.listAllProducts>[1]) => repository.listAllProducts(db, filter),
    setHiddenReason: (id: number, reason: string | null) => repository.setHiddenReason(db, id, reason),
    /** Features a product on the home page or stops featuring it; false when there is no such product. */
    setFeatured: (id: number, featured: boolean, tx?: DbOrTx) => repository.setFeatured(tx ?? db, id, featured),

    count(): Promise<number> {
      return repository.countProducts(db);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
