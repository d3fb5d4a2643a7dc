import { AppError } from '#shared/errors.ts';
import type { AdminProductDetail, AdminProductInput, AdminProposal } from '#shared/schemas/admin.ts';
import type { ProductStatus } from '#shared/schemas/catalog.ts';
import { SPECS_SCHEMAS } from '#shared/schemas/specs-input.ts';
import { type Db, type DbOrTx, toIso } from '#server/db/database.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { MediaService } from '#server/modules/media/media.service.ts';
import { assertPublishable } from '#server/modules/vendors/vendor-products.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import type { ModerationRepliesService } from './moderation-replies.service.ts';

interface Actor {
  id: string;
  email: string;
}

type StoredProduct = NonNullable<Awaited<ReturnType<CatalogService['findForVendor']>>>;

/** What an admin may change on any vendor's product (featuring it is the store's alone); the SKU stays the vendor's. */
const EDITABLE = ['name', 'brand', 'category', 'description', 'price', 'mrp', 'stock', 'specs', 'images', 'status', 'featured'] as const;
type Editable = Pick<StoredProduct, (typeof EDITABLE)[number]>;

const SHOP_STATES = { pending: 'is awaiting approval', suspended: 'is suspended' } as const;

/** The fields that differ, as { before, after } holding only those fields; null when nothing differs. */
function changes(current: Editable, next: Editable): { before: Partial<Editable>; after: Partial<Editable> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (JSON.stringify(current[key]) === JSON.stringify(next[key])) continue;
    before[key] = current[key];
    after[key] = next[key];
  }
  return Object.keys(after).length === 0 ? null : { before: before as Partial<Editable>, after: after as Partial<Editable> };
}

/**
 * What another module keeps per product (reviews, wishlists) and moves to the kept product when
 * an admin merges a duplicate, in the merge's transaction. It answers what it did, for the audit.
 */
export interface ProductMergeFollower {
  section: string;
  moveProduct: (tx: DbOrTx, from: number, into: number) => Promise<Record<string, unknown>>;
}

/**
 * Manage Products beyond moderation: an admin edits any vendor's product or archives it. Each
 * change and its audit entry (who, what, when, the fields before and after) commit together.
 */
export function createAdminProductsService(deps: {
  db: Db;
  catalog: CatalogService;
  vendors: VendorsService;
  media: MediaService;
  audit: AuditService;
  moderationReplies: ModerationRepliesService;
  mergeFollowers?: readonly ProductMergeFollower[];
}) {
  const { db, catalog, vendors, media, audit, moderationReplies, mergeFollowers = [] } = deps;

  async function locate(id: number) {
    const product = await catalog.findAny(id);
    if (!product) throw new AppError('NOT_FOUND', 'Product not found');
    const shop = await vendors.findById(product.vendor.id);
    if (!shop) throw new AppError('NOT_FOUND', 'Product not found');
    return { product, shop };
  }

  async function detail(id: number): Promise<AdminProductDetail> {
    const { product, shop } = await locate(id);
    const history = await audit.list({ entityType: 'product', entityId: String(id), page: 1, pageSize: 50 });
    const offers = (await catalog.offersOf(id)).map((offer) => ({
      id: offer.id,
      vendor: { id: offer.vendor_id, name: offer.vendor_name, slug: offer.vendor_slug, status: offer.vendor_status },
      sku: offer.sku,
      price: Number(offer.price),
      mrp: Number(offer.mrp),
      stock: offer.stock,
      dispatchDays: offer.dispatch_days,
      status: offer.status,
    }));
    const sellers = new Map(offers.map((offer) => [offer.vendor.id, offer.vendor.name]));
    const replies = (await moderationReplies.ofProduct(id)).map(({ vendorId, ...reply }) => ({
      ...reply,
      vendor: sellers.get(vendorId) ?? (vendorId === shop.id ? shop.name : 'A former seller'),
    }));
    return {
      product,
      shop: { id: shop.id, name: shop.name, slug: shop.slug, status: shop.status },
      offers,
      audit: history.items,
      moderationReplies: replies,
    };
  }

  /**
   * Reads the product again inside the transaction, applies `change`, and writes it with its audit
   * entry; false when nothing would change (nothing is written then). Stock moves by the difference
   * from the stock read here, in one guarded statement, so a sale made meanwhile is never undone.
   */
  async function write(
    actor: Actor,
    id: number,
    action: (current: StoredProduct, next: Editable) => string,
    change: (current: StoredProduct) => Editable,
    reason?: string,
  ): Promise<boolean> {
    const { shop } = await locate(id);
    const written = await db.transaction().execute(async (tx) => {
      const current = await catalog.findForVendor(shop.id, id, tx);
      if (!current) throw new AppError('NOT_FOUND', 'Product not found');
      const next = change(current);
      // Publishing needs an approved shop, as it does for the vendor; a product already live may still be corrected.
      if (next.status === 'active' && current.status !== 'active' && shop.status !== 'active') {
        throw new AppError(
          'CONFLICT',
          `${shop.name} ${SHOP_STATES[shop.status]}, so its products cannot be published. Save the product as a draft or archive it.`,
        );
      }
      // The vendor's rule: nothing goes on sale without an image (422 naming the images).
      assertPublishable(next, current);
      const diff = changes(current, next);
      if (!diff) return false;
      // With several sellers, price, MRP, stock and status are each seller's own offer: the buy box's
      // may have moved to another seller since the form was opened. Details stay the marketplace's.
      const sellersOwn = ['price', 'mrp', 'stock', 'status'].filter((key) => key in diff.after);
      if (sellersOwn.length > 0 && (await catalog.offersOf(id, tx)).length > 1) {
        throw new AppError(
          'CONFLICT',
          `Several sellers offer this product, and its ${sellersOwn.join(', ')} are each seller's own. Change its details only, or hide it to take it off the store.`,
        );
      }
      const { featured, ...edit } = next;
      // The product's details and its buy box's offer (the seller shown as "Sold by").
      const saved = await catalog.updateForVendor(shop.id, id, { ...edit, sku: current.sku, stockWas: current.stock }, tx, {
        byMarketplace: true,
      });
      if (!saved) throw new AppError('NOT_FOUND', 'Product not found');
      if (featured !== current.featured) await catalog.setFeatured(id, featured, tx);
      if (diff.after.stock !== undefined) {
        // The stock as stored, which also counts any sale committed since it was read.
        diff.before.stock = saved.stock - (next.stock - current.stock);
        diff.after.stock = saved.stock;
      }
      await audit.record({ actor, action: action(current, next), entityType: 'product', entityId: String(id), ...diff, reason }, tx);
      return true;
    });
    return written;
  }

  /** What a product's details are now, as a proposal is compared with them. */
  const contentOf = (product: StoredProduct | (Awaited<ReturnType<CatalogService['findAny']>> & object)) => ({
    name: product.name,
    brand: product.brand,
    category: product.category,
    description: product.description,
    images: product.images,
    specs: product.specs as Record<string, unknown>,
  });

  return {
    productDetail: detail,

    /** An image for the product, uploaded into its shop's media (the vendor's own rules: checked by content, re-encoded); it joins the product when the edit is saved. */
    async uploadImage(id: number, bytes: Buffer) {
      const { shop } = await locate(id);
      return media.upload(shop.id, bytes);
    },

    /** Approves a seller's new listing (it goes on sale) or rejects it with a reason it sees; audited. */
    async reviewProduct(actor: Actor, id: number, decision: 'approve' | 'reject', reason?: string): Promise<AdminProductDetail> {
      await db.transaction().execute(async (tx) => {
        const product = await catalog.findAny(id, tx);
        if (!product) throw new AppError('NOT_FOUND', 'Product not found');
        if (product.review.status !== 'pending') throw new AppError('CONFLICT', `This listing was already ${product.review.status}`);
        const review = decision === 'approve' ? 'approved' : 'rejected';
        // Only from pending, in the statement itself: two admins deciding at once cannot both win.
        if (!(await catalog.reviewProduct(id, review, reason ?? null, tx)))
          throw new AppError('CONFLICT', 'This listing was decided meanwhile');
        await audit.record(
          {
            actor,
            action: `product.review.${decision}`,
            entityType: 'product',
            entityId: String(id),
            before: { review: 'pending' },
            after: { review },
            reason,
          },
          tx,
        );
      });
      return detail(id);
    },

    /** Sellers' proposed changes to shared products' details, with the details now; the oldest first. */
    async proposals(status: 'pending' | 'approved' | 'rejected'): Promise<AdminProposal[]> {
      const rows = await catalog.proposals(status);
      const products = await Promise.all(rows.map((row) => catalog.findAny(row.product_id)));
      return rows.flatMap((row, n) => {
        const product = products[n];
        if (!product) return [];
        return [
          {
            id: row.id,
            product: { id: row.product_id, name: row.product_name },
            vendor: { id: row.vendor_id, name: row.vendor_name },
            // What the product would read as: the proposal's fields over its details now.
            changes: { ...contentOf(product), ...(JSON.parse(row.changes) as Partial<AdminProposal['changes']>) },
            current: contentOf(product),
            status: row.status,
            reason: row.reason,
            createdAt: toIso(row.created_at),
            decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
          },
        ];
      });
    },

    /** Approves a proposal (the product takes the details) or rejects it with a reason; audited on the product. */
    async decideProposal(actor: Actor, id: number, decision: 'approve' | 'reject', reason?: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const before = await catalog.findAny(await catalog.proposalProduct(id, tx), tx);
        const proposal = await catalog.decideProposal(id, decision === 'approve' ? 'approved' : 'rejected', actor.id, reason ?? null, tx);
        await audit.record(
          {
            actor,
            action: `product.proposal.${decision}`,
            entityType: 'product',
            entityId: String(proposal.product_id),
            before: before ? contentOf(before) : {},
            after: { ...(JSON.parse(proposal.changes) as object), proposedBy: proposal.vendor_name },
            reason,
          },
          tx,
        );
      });
    },

    /**
     * Merges a duplicate product into the one it duplicates (audited on both): its sellers' offers
     * move there, and what other modules keep for it (reviews and their ratings, wishlists), order
     * history keeps its lines, and the duplicate leaves the store. One transaction: all of it or
     * nothing. The kept product.
     */
    async mergeProduct(actor: Actor, id: number, into: number, reason?: string): Promise<AdminProductDetail> {
      await db.transaction().execute(async (tx) => {
        const moved = await catalog.offersOf(id, tx);
        await catalog.mergeProducts(id, into, tx);
        const followed: Record<string, unknown> = {};
        for (const follower of mergeFollowers) followed[follower.section] = await follower.moveProduct(tx, id, into);
        const sellers = moved.map((offer) => offer.vendor_name);
        await audit.record(
          {
            actor,
            action: 'product.merge',
            entityType: 'product',
            entityId: String(id),
            before: { sellers },
            after: { mergedInto: into, ...followed },
            reason,
          },
          tx,
        );
        await audit.record(
          {
            actor,
            action: 'product.merge',
            entityType: 'product',
            entityId: String(into),
            before: {},
            after: { mergedFrom: id, sellers, ...followed },
            reason,
          },
          tx,
        );
      });
      return detail(into);
    },

    /**
     * Changes any vendor's product with the vendor editor's rules (stock moves by stock − stockWas,
     * 409 if that would take it below 0); featured is left as it is when absent. An unchanged save
     * writes nothing.
     */
    async updateProduct(actor: Actor, id: number, input: AdminProductInput): Promise<AdminProductDetail> {
      const { reason, stockWas, featured, images, ...fields } = input;
      // Images are the product's own, or ones uploaded for its shop: never another shop's files.
      const { product, shop } = await locate(id);
      const added = (images ?? []).filter((url) => !product.images.includes(url));
      const owned = await media.ownedBy(shop.id, added);
      const foreign = added.filter((url) => !owned.has(url));
      if (foreign.length > 0) {
        const message = `These images are not among ${shop.name}’s uploads: ${foreign.join(', ')}`;
        throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'images', message }] });
      }
      await write(
        actor,
        id,
        () => 'product.edit',
        (current) => ({
          ...fields,
          images: images ?? current.images,
          stock: current.stock + (fields.stock - stockWas),
          featured: featured ?? current.featured,
          specs: SPECS_SCHEMAS[fields.category].parse(fields.specs),
        }),
        reason,
      );
      return detail(id);
    },

    /** Archives a product (it leaves the store) or brings it back as a draft or published. */
    async setProductStatus(actor: Actor, id: number, status: ProductStatus, reason?: string): Promise<AdminProductDetail> {
      const written = await write(
        actor,
        id,
        (current) =>
          status === 'archived'
            ? 'product.archive'
            : current.status === 'archived'
              ? 'product.unarchive'
              : status === 'active'
                ? 'product.publish'
                : 'product.unpublish',
        (current) => ({
          name: current.name,
          brand: current.brand,
          category: current.category,
          description: current.description,
          price: current.price,
          mrp: current.mrp,
          stock: current.stock,
          specs: current.specs,
          images: current.images,
          status,
          featured: current.featured,
        }),
        reason,
      );
      if (!written)
        throw new AppError(
          'CONFLICT',
          `This product is already ${status === 'active' ? 'published' : status === 'draft' ? 'a draft' : 'archived'}`,
        );
      return detail(id);
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
