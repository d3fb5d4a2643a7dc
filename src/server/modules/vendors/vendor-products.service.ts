import { randomBytes } from 'node:crypto';
import { AppError } from '#shared/errors.ts';
import {
  IMAGE_REQUIRED_MESSAGE,
  type ModerationReplyInput,
  publishesWithoutImage,
  type OfferInput,
  type VendorProduct,
  type VendorProductInput,
  type VendorProductQuery,
  type VendorProductUpdate,
} from '#shared/schemas/vendor.ts';
import { type DbOrTx, toIso } from '#server/db/database.ts';
import type { VendorRow } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { ModerationRepliesService } from '#server/modules/admin/moderation-replies.service.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { MediaService } from '#server/modules/media/media.service.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import { vendorSlug, type VendorsService } from './vendors.service.ts';

/** 422 naming the images when a save would put a product on sale without one (the vendor's, the admin's and the import's rule). */
export function assertPublishable(
  next: { status: string; images: readonly string[] },
  current?: { status: string; images: readonly string[] },
): void {
  if (publishesWithoutImage(next, current))
    throw new AppError('UNPROCESSABLE', IMAGE_REQUIRED_MESSAGE, { issues: [{ field: 'images', message: IMAGE_REQUIRED_MESSAGE }] });
}

/** A vendor's own products, with the shop's rules: publish only when approved, archive when sold. */
export function createVendorProductsService(deps: {
  vendors: VendorsService;
  catalog: CatalogService;
  orders: OrdersService;
  media: MediaService;
  moderationReplies: ModerationRepliesService;
}) {
  const { vendors, catalog, orders, media, moderationReplies } = deps;

  async function shopOf(userId: string): Promise<VendorRow> {
    const shop = await vendors.findByUserId(userId);
    if (!shop) throw new AppError('NOT_FOUND', 'No shop belongs to this account');
    return shop;
  }

  /** The seller's products, each saying whether the seller has sold it (an offer with orders is archived, not deleted). */
  async function withOrders(products: Array<Awaited<ReturnType<CatalogService['findForVendor']>> & object>): Promise<VendorProduct[]> {
    // By the seller's own offer: after a merge, its order lines may name another product.
    const sold = await orders.offersWithOrders(products.flatMap((p) => (p.offerId === null ? [] : [p.offerId])));
    const proposals = await Promise.all(products.map((p) => catalog.latestProposal(p.id, p.vendor.id)));
    const hidden = products.filter((p) => p.hiddenReason !== null);
    const replies =
      hidden.length > 0
        ? await moderationReplies.ofSeller(
            hidden[0]!.vendor.id,
            hidden.map((p) => p.id),
          )
        : new Map<number, never[]>();
    return products.map((p, n) => {
      const proposal = proposals[n];
      return {
        ...p,
        moderationReplies: replies.get(p.id) ?? [],
        hasOrders: p.offerId !== null && sold.has(p.offerId),
        sharedDetails: p.listedBy !== p.vendor.id || p.sellerCount > 1,
        proposal: proposal ? { status: proposal.status, reason: proposal.reason, createdAt: toIso(proposal.created_at) } : null,
      };
    });
  }

  function assertNotSuspended(shop: VendorRow): void {
    if (shop.status === 'suspended')
      throw new AppError('CONFLICT', 'Your shop is suspended; products cannot be changed. Please contact seller support.');
  }

  async function require(shop: VendorRow, id: number, tx?: DbOrTx) {
    const product = await catalog.findForVendor(shop.id, id, tx);
    if (!product) throw new AppError('NOT_FOUND', 'Product not found');
    return product;
  }

  /** The shop's state and the images decide whether this input may be saved. */
  async function check(shop: VendorRow, input: VendorProductInput, current?: { status: string; images: readonly string[] }): Promise<void> {
    assertNotSuspended(shop);
    if (input.status === 'active' && shop.status !== 'active') {
      throw new AppError(
        'CONFLICT',
        'Your shop is awaiting approval. Save the product as a draft for now; you can publish it once the shop is approved.',
      );
    }
    assertPublishable(input, current);
    const currentImages = current?.images ?? [];
    const foreign = input.images.filter((url) => !currentImages.includes(url));
    const owned = await media.ownedBy(shop.id, foreign);
    const notOwned = foreign.filter((url) => !owned.has(url));
    if (notOwned.length > 0) throw new AppError('VALIDATION_FAILED', `These images are not among your uploads: ${notOwned.join(', ')}`);
  }

  function fields(input: VendorProductInput) {
    return {
      name: input.name,
      brand: input.brand,
      category: input.category,
      description: input.description,
      price: input.price,
      mrp: input.mrp,
      stock: input.stock,
      images: input.images,
      specs: input.specs as never,
      status: input.status,
      sku: input.sku ?? null,
    };
  }

  async function save<T>(action: () => Promise<T>, sku: string | undefined): Promise<T> {
    try {
      const result = await action();
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `You already have a product with SKU ${sku}`);
      throw error;
    }
  }

  return {
    shopOf,

    async list(userId: string, query: VendorProductQuery) {
      const shop = await shopOf(userId);
      const [page, counts] = await Promise.all([catalog.listForVendor(shop.id, query), catalog.countForVendor(shop.id)]);
      return { items: await withOrders(page.items), total: page.total, page: query.page, pageSize: query.pageSize, counts };
    },

    async get(userId: string, id: number): Promise<VendorProduct> {
      const shop = await shopOf(userId);
      return (await withOrders([await require(shop, id)]))[0]!;
    },

    async create(userId: string, input: VendorProductInput): Promise<VendorProduct> {
      const shop = await shopOf(userId);
      await check(shop, input);
      // A new listing waits for the marketplace's approval before the storefront shows it.
      const id = await save(
        () =>
          catalog.create({
            ...fields(input),
            vendorId: shop.id,
            slug: `${vendorSlug(input.name)}-${randomBytes(3).toString('hex')}`,
            review: 'pending',
          }),
        input.sku,
      );
      return (await withOrders([await require(shop, id)]))[0]!;
    },

    /** Stock moves by the vendor's change (stock − stockWas): units sold while the form was open stay sold. */
    async update(userId: string, id: number, input: VendorProductUpdate): Promise<VendorProduct> {
      const shop = await shopOf(userId);
      const current = await require(shop, id);
      await check(shop, input, current);
      await save(() => catalog.updateForVendor(shop.id, id, { ...fields(input), stockWas: input.stockWas }), input.sku);
      return (await withOrders([await require(shop, id)]))[0]!;
    },

    /**
     * Writes a row already checked (by the import) inside the caller's transaction, touching
     * nothing outside it: create when there is no id, else update the vendor's own product. A CSV
     * states the stock the vendor's own records hold, so an update sets it as given.
     */
    async writeChecked(shop: VendorRow, input: VendorProductInput, id: number | undefined, tx: DbOrTx): Promise<void> {
      assertNotSuspended(shop);
      if (id !== undefined) {
        // A CSV row has no images: an update keeps the product's own.
        const current = await require(shop, id, tx);
        input = { ...input, images: current.images };
        assertPublishable(input, current);
      } else assertPublishable(input);
      if (id === undefined) {
        await save(
          () =>
            catalog.create(
              {
                ...fields(input),
                vendorId: shop.id,
                slug: `${vendorSlug(input.name)}-${randomBytes(3).toString('hex')}`,
                review: 'pending',
              },
              tx,
            ),
          input.sku,
        );
      } else if (!(await save(() => catalog.updateForVendor(shop.id, id, fields(input), tx), input.sku))) {
        throw new AppError('NOT_FOUND', 'Product not found');
      }
    },

    /** The seller's answer to the hiding of its product (it cannot restore the product itself); the product as it is. */
    async replyToModeration(user: { id: string; email: string }, id: number, input: ModerationReplyInput): Promise<VendorProduct> {
      const shop = await shopOf(user.id);
      await moderationReplies.reply(user, shop.id, id, input);
      return this.get(user.id, id);
    },

    /** The list's stock change, by the same rule as an edit: stock moves by (stock − stockWas). */
    async setStock(userId: string, id: number, stock: number, stockWas: number): Promise<VendorProduct> {
      const shop = await shopOf(userId);
      assertNotSuspended(shop);
      if (!(await catalog.setFieldsForVendor(shop.id, id, { stock, stockWas }))) throw new AppError('NOT_FOUND', 'Product not found');
      return this.get(userId, id);
    },

    async archive(userId: string, id: number): Promise<VendorProduct> {
      const shop = await shopOf(userId);
      assertNotSuspended(shop);
      if (!(await catalog.setFieldsForVendor(shop.id, id, { status: 'archived' }))) throw new AppError('NOT_FOUND', 'Product not found');
      return this.get(userId, id);
    },

    async delete(userId: string, id: number): Promise<void> {
      const shop = await shopOf(userId);
      assertNotSuspended(shop);
      const product = await require(shop, id);
      if (product.offerId !== null && (await orders.offersWithOrders([product.offerId])).size > 0)
        throw new AppError('CONFLICT', 'This product has orders; archive it instead');
      await catalog.deleteForVendor(shop.id, id);
    },

    /**
     * Sells a product already in the catalogue: the seller's own offer of it (price, MRP, stock,
     * SKU, dispatch time), on sale at once; its content stays as it is. Shops awaiting approval
     * or suspended cannot.
     */
    async addOffer(userId: string, input: OfferInput): Promise<VendorProduct> {
      const shop = await shopOf(userId);
      assertNotSuspended(shop);
      if (shop.status !== 'active')
        throw new AppError('CONFLICT', 'Your shop is awaiting approval: you can sell products once it is approved.');
      const { productId, ...offer } = input;
      await save(() => catalog.addOffer(shop.id, productId, { ...offer, sku: offer.sku ?? null }), input.sku);
      return (await withOrders([await require(shop, productId)]))[0]!;
    },
  };
}

export type VendorProductsService = ReturnType<typeof createVendorProductsService>;
