import { AppError } from '#shared/errors.ts';
import { gstShare } from '#shared/money.ts';
import type { CartLineInput, CartQuote, QuoteLine } from '#shared/schemas/cart.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { FREE_SHIPPING_THRESHOLD, shippingFor } from '#shared/shipping.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';

function quoteLine(line: CartLineInput, product: Product | undefined): QuoteLine {
  const base = {
    productId: line.productId,
    requestedQuantity: line.quantity,
    name: product?.name ?? null,
    image: product?.images[0] ?? null,
    vendorName: product?.vendor.name ?? null,
    mrp: product?.mrp ?? null,
  };
  if (!product) {
    return {
      ...base,
      unitPrice: null,
      quantity: 0,
      stock: 0,
      lineTotal: 0,
      status: 'unavailable',
      message: 'This product is no longer available',
    };
  }
  const quantity = Math.min(line.quantity, product.stock);
  const status = product.stock === 0 ? 'out_of_stock' : quantity < line.quantity ? 'insufficient_stock' : 'ok';
  const message =
    status === 'out_of_stock'
      ? 'Out of stock'
      : status === 'insufficient_stock'
        ? `Only ${product.stock} left in stock`
        : null;
  return {
    ...base,
    unitPrice: product.price,
    quantity,
    stock: product.stock,
    lineTotal: product.price * quantity,
    status,
    message,
  };
}

/** Prices a cart from the catalogue; nothing the client says about prices is used. */
export function createCartService({ catalog }: { catalog: CatalogService }) {
  return {
    async quote(lines: readonly CartLineInput[]): Promise<CartQuote> {
      const seen = new Set<number>();
      for (const line of lines) {
        if (seen.has(line.productId)) {
          throw new AppError('VALIDATION_FAILED', `Product ${line.productId} appears more than once`);
        }
        seen.add(line.productId);
      }
      const products = await catalog.findPurchasable([...seen]);
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
