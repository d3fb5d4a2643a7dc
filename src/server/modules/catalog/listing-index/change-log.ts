import type { SlotValues } from './listing-columns.ts';

/**
 * The slots changed since the load, the latest of them with what their columns held before: a
 * kept search pass is brought up to date from it (see kept-passes.ts caughtUp).
 */
export interface ListingChanges {
  /**
   * slots changed so far, the last CHANGES_LOGGED of them in `changedSlots` (at `changes %
   * CHANGES_LOGGED`) with what their columns held before (none for a new slot)
   */
  changes: number;
  changedSlots: Int32Array;
  changedBefore: Array<SlotValues | undefined>;
  /** kept search passes checked before this change are never used again (vendors changed) */
  keptFrom: number;
}

/** Changed slots remembered to check kept search passes against; a pass older than them all is made afresh. */
export const CHANGES_LOGGED = 4_096;

/** Remembers a slot about to change, with its columns as they are (none for a new slot), for kept search passes (see caughtUp). */
export function logChange(listing: ListingChanges, slot: number, before: SlotValues | undefined): void {
  listing.changedSlots[listing.changes % CHANGES_LOGGED] = slot;
  listing.changedBefore[listing.changes % CHANGES_LOGGED] = before;
  listing.changes++;
}
