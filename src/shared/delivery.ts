import { indiaClock } from './india-time.ts';
import type { IndianState } from './india.ts';

/** A pincode as the directory knows it. */
export interface PincodePlace {
  pincode: string;
  /** the place an address form fills in ("Bengaluru") */
  city: string;
  district: string;
  state: string;
  /** false when none of its post offices delivers */
  deliverable: boolean;
  /** the metro area it lies in ("Mumbai", "Delhi NCR"), or null */
  metro: string | null;
}

/** The North East, Jammu & Kashmir, Ladakh and the islands: couriers reach them more slowly. */
export const SPECIAL_ZONE_STATES: readonly IndianState[] = [
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
];

/** Couriers collect no cash on the islands. */
export const NO_COD_STATES: readonly IndianState[] = ['Andaman and Nicobar Islands', 'Lakshadweep'];

export type DeliveryZone = 'local' | 'state' | 'metro' | 'national' | 'special';

/** Working days in transit per zone, after the seller dispatches. */
export const TRANSIT_DAYS: Record<DeliveryZone, number> = { local: 1, state: 2, metro: 3, national: 5, special: 8 };

export const isSpecialZone = (state: string) => (SPECIAL_ZONE_STATES as readonly string[]).includes(state);

/** What a seller's reach depends on: whether it ships to the special zones, and the state its pickup PIN code lies in (null without one). */
export interface SellerReach {
  shipsToSpecialZones: boolean;
  pickupState: string | null;
}

/**
 * Why a seller's parcel cannot go to a place, or null when it can: nothing goes where no post
 * office delivers, and a special zone is reached only by sellers who ship there or ship from
 * within its state. `seller` unknown: what the place alone decides. The one rule of delivery
 * checks, checkout and listings filtered to a PIN code.
 */
export function deliveryRefusal(to: PincodePlace, seller: SellerReach | undefined): string | null {
  if (!to.deliverable) return `Not deliverable to ${to.pincode}: no courier delivers to this PIN code`;
  if (seller && isSpecialZone(to.state) && !seller.shipsToSpecialZones && seller.pickupState !== to.state)
    return `The seller does not deliver to ${to.state}`;
  return null;
}

/** How far a parcel travels: same city, same state, metro to metro, rest of India, or a special zone. */
export function deliveryZone(from: PincodePlace, to: PincodePlace): DeliveryZone {
  if (isSpecialZone(to.state) && from.state !== to.state) return 'special';
  if ((from.metro !== null && from.metro === to.metro) || (from.district === to.district && from.state === to.state)) return 'local';
  if (from.state === to.state) return 'state';
  if (from.metro !== null && to.metro !== null) return 'metro';
  return 'national';
}

/** Orders placed after this hour (India time) are handled from the next day. */
export const DISPATCH_CUTOFF_HOUR_IST = 14;

/** Adds working days (Monday to Saturday: couriers do not deliver on Sundays) to a calendar date. */
function addWorkingDays(date: Date, days: number): Date {
  const next = new Date(date);
  while (next.getUTCDay() === 0) next.setUTCDate(next.getUTCDate() + 1);
  for (let left = days; left > 0;) {
    next.setUTCDate(next.getUTCDate() + 1);
    if (next.getUTCDay() !== 0) left--;
  }
  return next;
}

/**
 * The date (YYYY-MM-DD, India time) an order placed at `now` arrives: the seller's dispatch days,
 * then the zone's transit days, counting working days only, from today or, after the cut-off,
 * from tomorrow.
 */
export function deliveryDate(now: Date, dispatchDays: number, zone: DeliveryZone): string {
  const ist = indiaClock(now);
  const start = new Date(
    Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + (ist.getUTCHours() >= DISPATCH_CUTOFF_HOUR_IST ? 1 : 0)),
  );
  return addWorkingDays(start, dispatchDays + TRANSIT_DAYS[zone])
    .toISOString()
    .slice(0, 10);
}

/**
 * The date (YYYY-MM-DD, India time) a seller must dispatch an order paid at `paidAt` by: its
 * dispatch days in working days, from that day or, when paid after the cut-off, from the next.
 * The first half of deliveryDate's promise to the shopper.
 */
export function dispatchByDate(paidAt: Date, dispatchDays: number): string {
  const ist = indiaClock(paidAt);
  const start = new Date(
    Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + (ist.getUTCHours() >= DISPATCH_CUTOFF_HOUR_IST ? 1 : 0)),
  );
  return addWorkingDays(start, dispatchDays).toISOString().slice(0, 10);
}

/** "Thu, 27 Nov" for a YYYY-MM-DD date. */
export function formatDeliveryDate(date: string): string {
  return new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
