import { BANK_OFFERS, type BankOffer } from './bank-offers.ts';
import { spread } from './coupons.ts';
import { unitsShare } from './returns.ts';

/** An order line as a return's refund sees it. */
export interface RefundLine {
  id: number;
  quantity: number;
  lineTotal: number;
  /** the line's share of the coupon's discount */
  discount: number;
  /** a replacement sent for a return: not paid for, so no part of the charge */
  replacementFor: number | null;
}

/** A return refunded already: its units of a line and what it refunded. */
export interface RefundedReturn {
  orderItemId: number;
  quantity: number;
  amount: number;
}

/** The bank offer an order was paid with: what its lines were charged and the offer's minimum. */
export interface PaidOffer {
  /** paise the card was charged for the lines (the order's total less shipping and the offer's discount) */
  charged: number;
  /** paise the order had to reach for the offer */
  minOrder: number;
}

/**
 * The bank offer of the order's payment that took the money, as a refund needs it; undefined when
 * it was paid without one. An offer no longer running keeps no minimum: it is not withdrawn.
 */
export function paidOfferOf(
  payments: ReadonlyArray<{ status: string; amount: number; details: { offer?: { id: string } } }>,
  shipping: number,
  offers: readonly BankOffer[] = BANK_OFFERS,
): PaidOffer | undefined {
  const paid = payments.find(
    (payment) => ['captured', 'partially_refunded', 'refunded'].includes(payment.status) && payment.details.offer !== undefined,
  );
  if (!paid) return undefined;
  const offer = offers.find((candidate) => candidate.id === paid.details.offer!.id);
  return { charged: paid.amount - shipping, minOrder: offer?.minOrder ?? 0 };
}

/**
 * RETURN_REFUND_RULE: what a return of `quantity` units of a line refunds.
 *
 * Without a bank offer, the line's amount (its total less its coupon discount) shared over its
 * units (unitsShare).
 *
 * With one, the card was charged less than the lines' amounts, and what the customer keeps decides
 * what they pay for it, as Indian card offers state: the value kept (at the lines' amounts) is
 * nothing → they pay nothing; at least the offer's minimum → they pay the kept units' share of the
 * charge (the charge spread over the lines by their amounts, then over each line's units); below
 * the minimum → the offer is withdrawn and they pay the full amount of what they keep. The refund
 * is the charge less what they pay for what they keep less what earlier returns refunded, never
 * below nothing; so the refunds of every line add up to the charge.
 */
export function returnRefund(
  order: { lines: readonly RefundLine[]; refunded: readonly RefundedReturn[]; offer?: PaidOffer },
  returning: { orderItemId: number; quantity: number },
): number {
  const lines = order.lines.filter((line) => line.replacementFor === null);
  const unitsBefore = (id: number) => order.refunded.filter((ret) => ret.orderItemId === id).reduce((sum, ret) => sum + ret.quantity, 0);
  const line = lines.find((candidate) => candidate.id === returning.orderItemId);
  if (!line) throw new RangeError(`Line ${returning.orderItemId} is not one the order paid for`);
  if (!order.offer) return unitsShare(line.lineTotal - line.discount, line.quantity, unitsBefore(line.id), returning.quantity);

  const { charged, minOrder } = order.offer;
  const amounts = lines.map((candidate) => candidate.lineTotal - candidate.discount);
  const shares = spread(charged, amounts);
  const gone = (candidate: RefundLine) => unitsBefore(candidate.id) + (candidate.id === line.id ? returning.quantity : 0);
  // What `units` of a line of `amount` over its units are worth: the whole less the units gone.
  const keptOf = (amount: number, candidate: RefundLine) => {
    const units = gone(candidate);
    if (units < 0 || units > candidate.quantity)
      throw new RangeError(`Cannot share ${returning.quantity} more of ${candidate.quantity} units after ${unitsBefore(candidate.id)}`);
    return units === 0 ? amount : amount - unitsShare(amount, candidate.quantity, 0, units);
  };
  const keptValue = lines.reduce((sum, candidate, i) => sum + keptOf(amounts[i]!, candidate), 0);
  const keptShare = lines.reduce((sum, candidate, i) => sum + keptOf(shares[i]!, candidate), 0);
  const payForKept = keptValue === 0 ? 0 : keptValue >= minOrder ? keptShare : keptValue;
  const refundedBefore = order.refunded.reduce((sum, ret) => sum + ret.amount, 0);
  return Math.max(0, charged - payForKept - refundedBefore);
}
