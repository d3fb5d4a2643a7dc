import { deliveryRefusal, type PincodePlace, type SellerReach } from '#shared/delivery.ts';
import type { ListedVendor } from '../catalog-feed.repository.ts';
import { flags } from './code-counts.ts';
import { type ListingOffers, type ListingSlots, slotOf } from './listing-columns.ts';

/** The active sellers, the other sellers of each product, and where they deliver. */
export interface ListingSellers {
  vendorBySlug: Map<string, number>;
  /** by product id, the other sellers with an offer on sale: a shop's listing holds what it sells, winning or not */
  othersOf: Map<number, number[]>;
  /** the same, of those with their offer in stock: another seller may deliver where the buy box's does not */
  stockedOthersOf: Map<number, number[]>;
  /** each active seller's reach (special zones, pickup state), by vendor id */
  reach: Map<number, SellerReach>;
  /** which sellers reach a PIN code, by PIN code, worked out when first asked for (see deliveryReach) */
  reaches: Map<string, DeliveryReach>;
  /** the products another seller rescues, by the sellers refused (their ids joined): PIN codes of one state share them */
  rescuedBy: Map<string, Uint8Array>;
  /** changes whenever `reach` or `stockedOthersOf` does: reaches worked out before it are worked out again */
  reachVersion: number;
  /** the reachVersion `reaches` and `rescuedBy` were worked out at */
  reachesVersion: number;
}

type SellersOf = ListingSlots & ListingOffers & ListingSellers;

/** Where a PIN code lies, from India Post's directory (the delivery module's); undefined when it is not there. */
export type PlaceOf = (pincode: string) => Promise<PincodePlace | undefined>;

/** Each active seller's reach, by vendor id: its setting, and the state its pickup PIN code lies in as the directory has it. */
export async function sellerReach(vendors: readonly ListedVendor[], placeOf: PlaceOf): Promise<Map<number, SellerReach>> {
  const reach = new Map<number, SellerReach>();
  for (const vendor of vendors) {
    const pickupState = vendor.pickupPincode === null ? null : ((await placeOf(vendor.pickupPincode))?.state ?? null);
    reach.set(vendor.id, { shipsToSpecialZones: vendor.shipsToSpecialZones, pickupState });
  }
  return reach;
}

/** The active sellers: their slugs, and their reach (from sellerReach). */
export function setVendors(listing: SellersOf, vendors: readonly ListedVendor[], reach: Map<number, SellerReach>): void {
  listing.vendorBySlug = new Map(vendors.map((vendor) => [vendor.slug, vendor.id]));
  listing.reach = reach;
  listing.reachVersion++;
}

/** Each product's sellers besides its buy box's, from its offers on sale (the buy box's first), and those of them in stock; products without are left out. */
export function setOtherSellers(
  listing: SellersOf,
  offersOf: ReadonlyMap<number, ReadonlyArray<{ vendor: { id: number }; stock: number }>>,
): void {
  for (const [id, offers] of offersOf) {
    const slot = slotOf(listing, id);
    const others = offers.filter((offer) => slot === undefined || offer.vendor.id !== listing.vendor[slot]);
    if (others.length > 0)
      listing.othersOf.set(
        id,
        others.map((offer) => offer.vendor.id),
      );
    const stocked = others.filter((offer) => offer.stock > 0).map((offer) => offer.vendor.id);
    if (stocked.length > 0) {
      listing.stockedOthersOf.set(id, stocked);
      listing.reachVersion++;
    }
  }
}

/** The slots of the products a seller offers without holding their buy box, flagged; undefined when there are none. */
export function otherSellerSlots(listing: SellersOf, vendorId: number): Uint8Array | undefined {
  let flagged: Uint8Array | undefined;
  for (const [id, others] of listing.othersOf) {
    const slot = others.includes(vendorId) ? slotOf(listing, id) : undefined;
    if (slot === undefined) continue;
    flagged ??= new Uint8Array(listing.size);
    flagged[slot] = 1;
  }
  return flagged;
}

/**
 * Which sellers reach a PIN code, by the delivery rule (deliveryRefusal), as a listing filtered
 * to it reads them: a seller refused there is flagged by vendor id, and a product whose buy box's
 * seller is refused still passes when another seller of it, in stock, is not. Special zones are
 * refused by few sellers, so a listing costs two look-ups per product in its pass; elsewhere none
 * is, and the filter is "in stock", answered like it. Worked out once per PIN code (the products
 * rescued once per set of sellers refused, so once per state), again after a seller's settings or
 * a product's other sellers change.
 */
export interface DeliveryReach {
  /** no seller delivers there, whatever its settings */
  nowhere: boolean;
  /** 1 at the vendor id of each seller refused there; undefined when none is */
  refused: Uint8Array | undefined;
  /** 1 at the slot of each product another seller of which, in stock, is not refused */
  rescued: Uint8Array;
}

/** PIN codes whose reach is kept, at most (a byte a seller each), and sets of sellers refused whose rescued products are (a byte a product each). */
export const REACHES_KEPT = 256;
export const RESCUED_KEPT = 16;
export const NO_FLAGS = new Uint8Array(0);

export function deliveryReach(listing: SellersOf, to: PincodePlace): DeliveryReach {
  if (listing.reachesVersion !== listing.reachVersion) {
    listing.reaches.clear();
    listing.rescuedBy.clear();
    listing.reachesVersion = listing.reachVersion;
  }
  const known = listing.reaches.get(to.pincode);
  if (known) return known;
  let reach: DeliveryReach = { nowhere: true, refused: undefined, rescued: NO_FLAGS };
  if (deliveryRefusal(to, undefined) === null) {
    const refusedIds: number[] = [];
    for (const [vendorId, seller] of listing.reach) if (deliveryRefusal(to, seller) !== null) refusedIds.push(vendorId);
    const refused = refusedIds.length > 0 ? flags(Math.max(...refusedIds) + 1, refusedIds) : undefined;
    reach = { nowhere: false, refused, rescued: refused ? rescuedWhen(listing, refusedIds, refused) : NO_FLAGS };
  }
  if (listing.reaches.size >= REACHES_KEPT) listing.reaches.clear();
  listing.reaches.set(to.pincode, reach);
  return reach;
}

/** The slots of products another seller of which, in stock, is not among those refused. */
export function rescuedWhen(listing: SellersOf, refusedIds: readonly number[], refused: Uint8Array): Uint8Array {
  const key = refusedIds.join(',');
  let rescued = listing.rescuedBy.get(key);
  if (rescued) return rescued;
  rescued = new Uint8Array(listing.size);
  for (const [id, others] of listing.stockedOthersOf) {
    const slot = slotOf(listing, id);
    if (slot !== undefined && others.some((vendorId) => refused[vendorId] !== 1)) rescued[slot] = 1;
  }
  if (listing.rescuedBy.size >= RESCUED_KEPT) listing.rescuedBy.clear();
  listing.rescuedBy.set(key, rescued);
  return rescued;
}
