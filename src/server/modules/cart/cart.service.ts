import { describeCoupon } from '#shared/coupons.ts';
import { AppError } from '#shared/errors.ts';
import { orderTax } from '#shared/gst.ts';
import type { CartLineInput, CartQuote, QuoteLine } from '#shared/schemas/cart.ts';
import type { Product } from '#shared/schemas/catalog.ts';
import { FREE_SHIPPING_THRESHOLD, shippingFor } from '#shared/shipping.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import type { CouponsService } from '#server/modules/coupons/coupons.service.ts';

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
  const message = status === 'out_of_stock' ? 'Out of stock' : status === 'insufficient_stock' ? `Only ${offer.stock} left in stock` : null;
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
export function createCartService({ catalog, coupons }: { catalog: CatalogService; coupons: CouponsService }) {
  return {
    /**
     * The cart as it would be ordered now. A coupon code is applied to the lines that can be
     * bought (checked for this customer when signed in); a code that cannot be used leaves the
     * prices as they are and says why.
     */
    async quote(lines: readonly CartLineInput[], options: { couponCode?: string; userId?: string } = {}): Promise<CartQuote> {
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
      let discount = 0;
      let coupon: CartQuote['coupon'] = null;
      let couponError: string | null = null;
      let perLine: readonly number[] = [];
      if (options.couponCode) {
        const couponLines = items.map((item) => {
          const product = byId.get(item.productId);
          const vendorId = product?.offers.find((offer) => offer.id === item.offerId)?.vendor.id ?? 0;
          return { amount: item.lineTotal, category: product?.category ?? 'Laptop', vendorId };
        });
        const userId = options.userId;
        const applied = await coupons.apply(options.couponCode, userId === undefined ? undefined : { id: userId }, couponLines);
        if ('refusal' in applied) couponError = applied.refusal;
        else {
          discount = applied.discount;
          perLine = applied.perLine;
          coupon = {
            code: applied.coupon.code,
            description: applied.coupon.description || describeCoupon(applied.coupon),
            discount,
            fundedBy: applied.coupon.fundedBy,
          };
        }
      }
      const shipping = shippingFor(subtotal - discount);
      const total = subtotal - discount + shipping;
      // Taxed as the order will be: each line at its category's rate, less its share of the coupon
      // (a product no longer sold is priced at nothing and left out).
      const taxed = items.flatMap((item, i) => {
        const product = byId.get(item.productId);
        return product ? [{ category: product.category, amount: item.lineTotal - (perLine[i] ?? 0) }] : [];
      });
      return {
        items,
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        subtotal,
        discount,
        coupon,
        couponError,
        shipping,
        gst: orderTax(taxed, shipping).total,
        total,
        freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
      };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
