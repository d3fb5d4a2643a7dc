import { AppError } from '#shared/errors.ts';
import { gstShare } from '#shared/money.ts';
import type { CartLineInput, CartQuote, QuoteLine } from '#shared/schemas/cart.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { FREE_SHIPPING_THRESHOLD, shippingFor } from '#shared/shipping.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';

/**
 * A line priced from its offer: the one asked for, or the product's buy box (the first of its
 * offers) when the line names none.
 */
function quoteLine(line: CartLineInput, product: Product | undefined): QuoteLine {
  const offer = line.offerId === undefined ? product?.offers[0] : product?.offers.find((candidate) => candidate.id === line.offerId);
  const base = {
    productId: line.productId,
    offerId: offer?.id ?? line.offerId ?? null,
    requestedQuantity: line.quantity,
    name: product?.name ?? null,
    image: product?.images[0] ?? null,
    vendorName: offer?.vendor.name ?? null,
    mrp: offer?.mrp ?? null,
  };
  if (!product || !offer) {
    return {
      ...base,
      unitPrice: null,
      quantity: 0,
      stock: 0,
      lineTotal: 0,
      status: 'unavailable',
      message: product ? 'This seller no longer offers this product' : 'This product is no longer available',
    };
  }
  const quantity = Math.min(line.quantity, offer.stock);
  const status = offer.stock === 0 ? 'out_of_stock' : quantity < line.quantity ? 'insufficient_stock' : 'ok';
  const message =
    status === 'out_of_stock'
      ? 'Out of stock'
      : status === 'insufficient_stock'
        ? `Only ${offer.stock} left in stock`
        : null;
  return {
    ...base,
    unitPrice: offer.price,
    quantity,
    stock: offer.stock,
    lineTotal: offer.price * quantity,
    status,
    message,
  };
}

/** Prices a cart from the catalogue; nothing the client says about prices is used. */
export function createCartService({ catalog }: { catalog: CatalogService }) {
  return {
    async quote(lines: readonly CartLineInput[]): Promise<CartQuote> {
      const seen = new Set<string>();
      for (const line of lines) {
        // One line per product and seller: a product may be bought from two sellers at once.
        const key = `${line.productId}:${line.offerId ?? ''}`;
        if (seen.has(key)) {
          throw new AppError('VALIDATION_FAILED', `Product ${line.productId} appears more than once`);
        }
        seen.add(key);
      }
      const products = await catalog.findPurchasable([...new Set(lines.map((line) => line.productId))]);
      const byId = new Map(products.map((product) => [product.id, product]));
      const items = lines.map((line) => quoteLine(line, byId.get(line.productId)));
      const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
      const shipping = shippingFor(subtotal);
      const total = subtotal + shipping;
      return {
        items,
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        subtotal,
        shipping,
        gst: gstShare(total),
        total,
        freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
