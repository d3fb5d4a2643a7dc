import { type CouponLine, FIRST_ORDER_STATUSES_THAT_COUNT, firstOrderRefusal, priceCoupon } from '#shared/coupons.ts';
import { AppError } from '#shared/errors.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import * as repository from './coupons.repository.ts';
import { indiaDate } from '#shared/india-time.ts';

export type CouponActor = { kind: 'admin'; userId: string } | { kind: 'vendor'; userId: string; vendorId: number };

/** A coupon's terms as they apply to a cart or an order: its discount spread over the lines, or why not. */
export type CouponApplication = { coupon: Coupon; discount: number; perLine: number[] } | { code: string; refusal: string };

/**
 * Who uses a coupon, for its per-customer limit: every id that is the same customer (a member's
 * account and the guest checkouts made with its e-mail; a guest's earlier checkouts with the
 * e-mail and the account that has it). Read in the order's transaction once the coupon's row is
 * locked, so one customer's orders at once count each other.
 */
export type CouponCustomer = (tx: DbOrTx) => Promise<readonly string[]>;

/** A coupon as asked for: who funds it and who made it follow from who asks. */
export type CouponRequest = Omit<repository.NewCoupon, 'fundedBy' | 'createdBy'>;

const showDate = (date: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * Coupons: the marketplace's (it funds the discount; optionally for one category or seller) and
 * sellers' own (for their products; the discount comes out of their payable). A coupon is priced
 * on the server, in the cart's quote and again in the order's transaction, where its use is
 * taken by one guarded update: however many orders race for the last uses, no more are given.
 */
interface Deps {
  db: Db;
  vendors: VendorsService;
  /** how many orders of these owners are in one of these statuses (the orders module's count) */
  countOrders: (userIds: readonly string[], statuses: readonly (typeof FIRST_ORDER_STATUSES_THAT_COUNT)[number][], tx: DbOrTx) => Promise<number>;
  now?: () => Date;
}

export function createCouponsService({ db, vendors, countOrders, now = () => new Date() }: Deps) {
  /** Whether the coupon may be used now by this customer (when known); the refusal says why not. */
  async function usable(code: string, customer: CouponCustomer | undefined, tx: DbOrTx): Promise<{ coupon: Coupon } | { refusal: string }> {
    const coupon = await repository.findCouponByCode(tx, code);
    if (!coupon) return { refusal: `Coupon ${code} does not exist` };
    if (!coupon.active) return { refusal: `Coupon ${code} is no longer available` };
    const today = indiaDate(now());
    if (today < coupon.startsOn) return { refusal: `${code} can be used from ${showDate(coupon.startsOn)}` };
    if (today > coupon.endsOn) return { refusal: `${code} expired on ${showDate(coupon.endsOn)}` };
    if (coupon.totalLimit !== null && coupon.used >= coupon.totalLimit) return { refusal: `${code} has been fully redeemed` };
    if (customer === undefined) return { coupon };
    const ids = await customer(tx);
    if ((await repository.usesBy(tx, coupon.id, ids)) >= coupon.perCustomerLimit) {
      return { refusal: coupon.perCustomerLimit === 1 ? `You have already used ${code}` : `You have used ${code} ${coupon.perCustomerLimit} times, the most allowed` };
    }
    // A first-order coupon: no earlier order that counts (FIRST_ORDER_RULE in src/shared/coupons.ts).
    if (coupon.firstOrderOnly && (await countOrders(ids, FIRST_ORDER_STATUSES_THAT_COUNT, tx)) > 0) return { refusal: firstOrderRefusal(code) };
    return { coupon };
  }

  async function owned(actor: CouponActor, id: number): Promise<Coupon> {
    const coupon = await repository.findCoupon(db, id);
    if (!coupon || (actor.kind === 'vendor' && (coupon.fundedBy !== 'vendor' || coupon.vendor?.id !== actor.vendorId))) throw new AppError('NOT_FOUND', 'Coupon not found');
    return coupon;
  }

  return {
    async create(actor: CouponActor, input: CouponRequest): Promise<Coupon> {
      let vendorId = input.vendorId;
      if (actor.kind === 'vendor') {
        if (vendorId !== null && vendorId !== actor.vendorId) throw new AppError('FORBIDDEN', 'A seller’s coupon is for its own products only');
        vendorId = actor.vendorId;
      } else if (vendorId !== null && !(await vendors.findById(vendorId))) {
        throw new AppError('VALIDATION_FAILED', `There is no seller ${vendorId}`, { issues: [{ field: 'vendorId', message: `There is no seller ${vendorId}` }] });
      }
      if (input.endsOn < indiaDate(now())) {
        throw new AppError('VALIDATION_FAILED', 'The end date has passed', { issues: [{ field: 'endsOn', message: 'The end date has passed' }] });
      }
      try {
        const id = await repository.insertCoupon(db, { ...input, vendorId, fundedBy: actor.kind === 'vendor' ? 'vendor' : 'marketplace', createdBy: actor.userId });
        return (await repository.findCoupon(db, id))!;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', `The code ${input.code} is already taken`);
        throw error;
      }
    },

    /** All coupons (admins), or a seller's own. */
    list: (actor: CouponActor) => repository.listCoupons(db, actor.kind === 'vendor' ? { fundedByVendor: actor.vendorId } : {}),

    async setActive(actor: CouponActor, id: number, active: boolean): Promise<Coupon> {
      await owned(actor, id);
      await repository.setActive(db, id, active);
      return (await repository.findCoupon(db, id))!;
    },

    /**
     * A code applied to lines: whether it may be used now (by this customer, when signed in) and
     * what it takes off each line. Nothing is written.
     */
    async apply(rawCode: string, customer: CouponCustomer | undefined, lines: readonly CouponLine[], tx: DbOrTx = db): Promise<CouponApplication> {
      const code = rawCode.trim().toUpperCase();
      const found = await usable(code, customer, tx);
      if ('refusal' in found) return { code, refusal: found.refusal };
      const { coupon } = found;
      const priced = priceCoupon({ ...coupon, vendor: coupon.vendor }, lines);
      if ('refusal' in priced) return { code, refusal: priced.refusal };
      return { coupon, ...priced };
    },

    /**
     * Takes one use of the coupon for the order, in the order's transaction: 409 when the last use
     * went to another order meanwhile, or when this customer has used up theirs (checked after
     * the use is taken, so the coupon's row orders the customer's own concurrent orders too).
     */
    async redeem(tx: DbOrTx, coupon: Coupon, redemption: { orderId: number; userId: string; discount: number }, customer: CouponCustomer): Promise<void> {
      if (!(await repository.takeUse(tx, coupon.id))) throw new AppError('CONFLICT', `${coupon.code} has been fully redeemed`);
      if ((await repository.usesBy(tx, coupon.id, await customer(tx))) >= coupon.perCustomerLimit) throw new AppError('CONFLICT', `You have already used ${coupon.code}`, { field: 'couponCode' });
      await repository.insertRedemption(tx, { couponId: coupon.id, ...redemption });
    },

    /** A guest's uses become the account's when it claims the guest's orders, in the claim's transaction. */
    moveUses: (tx: DbOrTx, guestIds: readonly string[], userId: string) => repository.moveRedemptions(tx, guestIds, userId),

    /** A cancelled order gives its coupon's use back, in the cancellation's transaction. */
    release: (tx: DbOrTx, orderId: number) => repository.releaseRedemption(tx, orderId),

    /** For tests and the admin: a coupon by its code. */
    findByCode: (code: string) => repository.findCouponByCode(db, code),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
