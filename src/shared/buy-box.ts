/**
 * The buy box: a product is listed once however many sellers offer it, and its page, listings and
 * "Add to cart" sell from one offer, the winner. The other offers on sale are listed beside it
 * ("Other sellers"). The product row keeps the winner's seller, price, MRP and stock
 * (`refreshBuyBox` in offers.repository.ts writes what `buyBox` here decides, in the transaction
 * of every offer write), so listings, filters and the listing index read one row per product.
 */

/** What the buy box weighs an offer by. */
export interface BuyBoxTerms {
  id: number;
  /** paise, GST included */
  price: number;
  stock: number;
  /** working days from order to dispatch */
  dispatchDays: number;
}

/** An offer with what decides whether it competes at all. */
export interface BuyBoxOffer extends BuyBoxTerms {
  vendorId: number;
  status: 'draft' | 'active' | 'archived';
  /** its seller's status */
  vendorStatus: 'pending' | 'active' | 'suspended';
}

/** An offer competes for the buy box while it is active and its seller is too (a suspended seller's offers stop winning). */
export const competes = (offer: Pick<BuyBoxOffer, 'status' | 'vendorStatus'>): boolean =>
  offer.status === 'active' && offer.vendorStatus === 'active';

/**
 * The buy box's order, the winner first: an offer in stock before one without; then the lowest
 * price (delivery costs every seller's buyer the same, so the lowest price is the lowest
 * delivered price); then the quicker dispatch; then the earlier offer, so that a seller cannot
 * take the box by matching a price to the paisa. A comparison for `Array.prototype.sort`.
 */
export function buyBoxOrder(a: BuyBoxTerms, b: BuyBoxTerms): number {
  return Number(b.stock > 0) - Number(a.stock > 0) || a.price - b.price || a.dispatchDays - b.dispatchDays || a.id - b.id;
}

/** Every offer, those that compete first, each part in the buy box's order: what the admin sees. */
export function rankOffers<T extends BuyBoxOffer>(offers: readonly T[]): T[] {
  return [...offers].sort((a, b) => Number(competes(b)) - Number(competes(a)) || buyBoxOrder(a, b));
}

/** What a product row shows of its offers. */
export interface BuyBox<T> {
  /** the winner; with none competing, the listing seller's offer, else the earliest; undefined with no offers */
  offer: T | undefined;
  /** how many offers compete (are on sale) */
  offerCount: number;
  /**
   * the product's status: active while any offer is on sale; else the standing-in offer's, so a
   * draft stays a draft; archived when it has no offer left
   */
  status: 'draft' | 'active' | 'archived';
}

/** The buy box of a product's offers; `listedBy` is the seller who listed the product. */
export function buyBox<T extends BuyBoxOffer>(offers: readonly T[], listedBy: number | null): BuyBox<T> {
  const selling = offers.filter(competes).sort(buyBoxOrder);
  const offer = selling[0] ?? offers.find((candidate) => candidate.vendorId === listedBy) ?? [...offers].sort((a, b) => a.id - b.id)[0];
  return { offer, offerCount: selling.length, status: selling.length > 0 ? 'active' : (offer?.status ?? 'archived') };
}
