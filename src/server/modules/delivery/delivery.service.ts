import { deliveryDate, deliveryRefusal, deliveryZone, isSpecialZone, NO_COD_STATES, type PincodePlace } from '#shared/delivery.ts';
import { AppError } from '#shared/errors.ts';
import { pincodeStateProblem } from '#shared/india.ts';
import { cashOnDeliveryOverLimitForPrice } from '#shared/payment-methods.ts';
import type { DeliveryOption } from '#shared/schemas/delivery.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';

/** One seller's offer, as delivery sees it. */
export interface ShipmentLine {
  offerId: number;
  vendorId: number;
  dispatchDays: number;
  /** what the shopper pays for it, in paise (Cash on Delivery has a ceiling) */
  amount: number;
}

/**
 * Where a parcel can go and when it arrives. The pincode directory is read-only reference data
 * (it changes only by migration), so each process reads it once and answers from memory.
 */
export function createDeliveryService({
  db,
  vendors,
  codMax,
  now = () => new Date(),
}: {
  db: Db;
  vendors: VendorsService;
  codMax: number;
  now?: () => Date;
}) {
  let directory: Promise<Map<string, PincodePlace>> | undefined;

  function loadDirectory(): Promise<Map<string, PincodePlace>> {
    directory ??= db
      .selectFrom('pincodes')
      .selectAll()
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.pincode, { ...row, deliverable: Number(row.deliverable) === 1 }])))
      .catch((error: unknown) => {
        directory = undefined;
        throw error;
      });
    return directory;
  }

  async function place(pincode: string): Promise<PincodePlace | undefined> {
    return (await loadDirectory()).get(pincode);
  }

  async function knownPlace(pincode: string): Promise<PincodePlace> {
    const found = await place(pincode);
    if (!found) throw new AppError('NOT_FOUND', `PIN code ${pincode} is not in India Post's directory. Please check it.`);
    return found;
  }

  return {
    /**
     * Reads the directory now. A server does so before it takes requests: read first inside a
     * checkout's transaction, it queued behind that very transaction on SQLite's one connection
     * when another request was waiting for it too, and held the write lock until the process died
     * (the benchmark's checkout answered once, then timed out, on sellers without a pickup PIN code).
     */
    ready: async (): Promise<void> => {
      await loadDirectory();
    },

    place,

    /**
     * An address's PIN code must be India Post's and lie in the state the address names: 400 with
     * the field to fix otherwise. Every address is checked by it: an address book's, a guest's or
     * a member's checkout (a saved address again), a shop's pickup address.
     */
    async assertAddress(address: { pincode: string; state: string }, field = 'pincode'): Promise<void> {
      const message = pincodeStateProblem(address, await place(address.pincode));
      if (message) throw new AppError('VALIDATION_FAILED', message, { issues: [{ field, message }] });
    },

    /** The directory's answer for a pincode, or 404: what an address form fills city and state from. */
    knownPlace,

    /**
     * Each line's delivery to a pincode: whether it can go, the date it arrives and whether it may
     * be paid in cash, from the seller's pickup pincode, zone and dispatch days.
     */
    async options(
      pincode: string,
      lines: readonly ShipmentLine[],
      tx: DbOrTx = db,
    ): Promise<{ place: PincodePlace; options: DeliveryOption[] }> {
      const to = await knownPlace(pincode);
      const profiles = await vendors.shippingProfiles(
        lines.map((line) => line.vendorId),
        tx,
      );
      const at = now();
      const options: DeliveryOption[] = [];
      for (const line of lines) {
        const profile = profiles.get(line.vendorId);
        const from = profile?.pickupPincode ? await place(profile.pickupPincode) : undefined;
        const reason = deliveryRefusal(
          to,
          profile && { shipsToSpecialZones: profile.shipsToSpecialZones, pickupState: from?.state ?? null },
        );
        // A shop without a pickup address yet ships as if from the rest of India.
        const zone = from ? deliveryZone(from, to) : isSpecialZone(to.state) ? 'special' : 'national';
        let codReason: string | null = null;
        if (reason) codReason = reason;
        else if (!profile?.acceptsCod) codReason = 'The seller does not take Cash on Delivery';
        else if ((NO_COD_STATES as readonly string[]).includes(to.state)) codReason = `Cash on Delivery is not available in ${to.state}`;
        else if (line.amount > codMax) codReason = cashOnDeliveryOverLimitForPrice(codMax);
        options.push({
          offerId: line.offerId,
          deliverable: reason === null,
          reason,
          deliverBy: reason === null ? deliveryDate(at, line.dispatchDays, zone) : null,
          cod: codReason === null,
          codReason,
        });
      }
      return { place: to, options };
    },

    /** Cash on Delivery's ceiling, in paise. */
    codMax,
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
