import {
  type CouponCustomerFacts,
  type CouponLine,
  couponRefusal,
  customerRefusal,
  eligibleSubtotal,
  FIRST_ORDER_STATUSES_THAT_COUNT,
  priceCoupon,
  unknownCoupon,
} from '#shared/coupons.ts';
import { AppError } from '#shared/errors.ts';
import { indiaDate } from '#shared/india-time.ts';
import type { Coupon } from '#shared/schemas/coupons.ts';
import type { Db, DbOrTx } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/unique-violation.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { VendorsService } from '#server/modules/vendors/vendors.service.ts';
import * as repository from './coupons.repository.ts';

export type CouponActor = { kind: 'admin'; userId: string } | { kind: 'vendor'; userId: string; vendorId: number };

/** A coupon's terms as they apply to a cart or an order: its discount spread over the lines, or why not. */
export type CouponApplication = { coupon: Coupon; discount: number; perLine: number[] } | { code: string; refusal: string };

/**
 * Who uses a coupon: a member by its account id, or a guest by its checkout's id and the e-mail
 * typed in. Its limits count every id that is the same customer (sameCustomer).
 */
export interface CouponShopper {
  id: string;
  /** a guest's e-mail; a member's is read from its account */
  email?: string;
}

/** A coupon as asked for: who funds it and who made it follow from who asks. */
export type CouponRequest = Omit<repository.NewCoupon, 'fundedBy' | 'createdBy'>;

/**
 * Coupons: the marketplace's (it funds the discount; optionally for one category or seller) and
 * sellers' own (for their products; the discount comes out of their payable). A coupon is priced
 * on the server, in the cart's quote and again in the order's transaction, where its use is
 * taken by one guarded update: however many orders race for the last uses, no more are given.
 */
interface Deps {
  db: Db;
  vendors: VendorsService;
  users: Pick<UsersService, 'findById' | 'findByEmail' | 'guestIdsWithEmail'>;
  /** how many orders of these owners are in one of these statuses (the orders module's count) */
  countOrders: (
    userIds: readonly string[],
    statuses: readonly (typeof FIRST_ORDER_STATUSES_THAT_COUNT)[number][],
    tx: DbOrTx,
  ) => Promise<number>;
  now?: () => Date;
}

export function createCouponsService({ db, vendors, users, countOrders, now = () => new Date() }: Deps) {
  /**
   * Every id that is the same customer as the shopper: a member's account and the guest checkouts
   * made with its e-mail; a guest's checkout, the earlier ones with its e-mail and the account that
   * has it. Read in the order's transaction once the coupon's row is locked, so one customer's
   * orders at once count each other.
   */
  async function sameCustomer(shopper: CouponShopper, tx: DbOrTx): Promise<string[]> {
    const email = shopper.email ?? (await users.findById(shopper.id, tx))?.email;
    if (email === undefined) return [shopper.id];
    const account = shopper.email === undefined ? undefined : await users.findByEmail(email, tx);
    return [...new Set([shopper.id, ...(await users.guestIdsWithEmail(email, tx)), ...(account ? [account.id] : [])])];
  }

  /** The customer's uses of the coupon and, for a first-order coupon, their earlier orders that count. */
  async function customerFacts(coupon: Coupon, shopper: CouponShopper, tx: DbOrTx): Promise<CouponCustomerFacts> {
    const ids = await sameCustomer(shopper, tx);
    const uses = await repository.usesBy(tx, coupon.id, ids);
    return { uses, earlierOrders: coupon.firstOrderOnly ? await countOrders(ids, FIRST_ORDER_STATUSES_THAT_COUNT, tx) : 0 };
  }

  async function owned(actor: CouponActor, id: number): Promise<Coupon> {
    const coupon = await repository.findCoupon(db, id);
    if (!coupon || (actor.kind === 'vendor' && (coupon.fundedBy !== 'vendor' || coupon.vendor?.id !== actor.vendorId)))
      throw new AppError('NOT_FOUND', 'Coupon not found');
    return coupon;
  }

  return {
    async create(actor: CouponActor, input: CouponRequest): Promise<Coupon> {
      let vendorId = input.vendorId;
      if (actor.kind === 'vendor') {
        if (vendorId !== null && vendorId !== actor.vendorId)
          throw new AppError('FORBIDDEN', 'A seller’s coupon is for its own products only');
        vendorId = actor.vendorId;
      } else if (vendorId !== null && !(await vendors.findById(vendorId))) {
        throw new AppError('VALIDATION_FAILED', `There is no seller ${vendorId}`, {
          issues: [{ field: 'vendorId', message: `There is no seller ${vendorId}` }],
        });
      }
      if (input.endsOn < indiaDate(now())) {
        throw new AppError('VALIDATION_FAILED', 'The end date has passed', {
          issues: [{ field: 'endsOn', message: 'The end date has passed' }],
        });
      }
      try {
        const id = await repository.insertCoupon(db, {
          ...input,
          vendorId,
          fundedBy: actor.kind === 'vendor' ? 'vendor' : 'marketplace',
          createdBy: actor.userId,
        });
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
    async apply(
      rawCode: string,
      shopper: CouponShopper | undefined,
      lines: readonly CouponLine[],
      tx: DbOrTx = db,
    ): Promise<CouponApplication> {
      const code = rawCode.trim().toUpperCase();
      const coupon = await repository.findCouponByCode(tx, code);
      if (!coupon) return { code, refusal: unknownCoupon(code).message };
      const customer = shopper === undefined ? undefined : await customerFacts(coupon, shopper, tx);
      const refusal = couponRefusal(coupon, { today: indiaDate(now()), eligible: eligibleSubtotal(coupon, lines), customer });
      if (refusal) return { code, refusal: refusal.message };
      const priced = priceCoupon(coupon, lines);
      if ('refusal' in priced) return { code, refusal: priced.refusal };
      return { coupon, ...priced };
    },

    /**
     * Takes one use of the coupon for the order, in the order's transaction: 409 when the last use
     * went to another order meanwhile, or when this customer's limits refuse it (checked again
     * after the use is taken, so the coupon's row orders the customer's own concurrent orders too).
     */
    async redeem(
      tx: DbOrTx,
      coupon: Coupon,
      redemption: { orderId: number; userId: string; discount: number },
      shopper: CouponShopper,
    ): Promise<void> {
      if (!(await repository.takeUse(tx, coupon.id))) throw new AppError('CONFLICT', `${coupon.code} has been fully redeemed`);
      const refusal = customerRefusal(coupon, await customerFacts(coupon, shopper, tx));
      if (refusal) throw new AppError('CONFLICT', refusal.message, { field: 'couponCode' });
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
