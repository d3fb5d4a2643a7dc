import type { FieldErrors, Resolver } from 'react-hook-form';
import { paidOfferOf, type PaidOffer, type RefundedReturn, type RefundLine } from '#shared/return-refunds.ts';
import type { Order } from '#shared/schemas/orders.ts';
import { CreateReturnInputSchema } from '#shared/schemas/returns.ts';
import { type PayoutValues, typedPayout } from '#web/components/form/payout-fields.tsx';
import type { ReturnRequest } from '../api/returns.ts';

/** What the form needs of a line: a member's order line, or a line of a guest's tracked order. */
export type ReturnableItem = Pick<
  Order['items'][number],
  'id' | 'name' | 'quantity' | 'lineTotal' | 'discount' | 'vendor' | 'returnableQuantity' | 'returnBy'
>;

/** What the form's refund estimate needs of the order (RETURN_REFUND_RULE). */
export interface RefundBasis {
  lines: readonly RefundLine[];
  refunded: readonly RefundedReturn[];
  offer?: PaidOffer;
}

/**
 * The order's lines, its returns refunded so far (one still on its way is not), and the bank offer
 * it was paid with: a member's order from its payments, a guest's tracked order as /track gives it.
 */
export function refundBasis(order: {
  items: readonly RefundLine[];
  returns: ReadonlyArray<{ orderItemId: number; quantity: number; amount: number; status: string }>;
  payments?: Order['payments'];
  shipping?: number;
  /** a guest's tracked order: its payment's offer as /track gives it */
  paidOffer?: PaidOffer | null;
}): RefundBasis {
  return {
    lines: order.items,
    refunded: order.returns.filter((ret) => ret.status === 'refunded'),
    offer: order.payments ? paidOfferOf(order.payments, order.shipping ?? 0) : (order.paidOffer ?? undefined),
  };
}

/** With the payout (where a refund of cash goes) as the shared fieldset types it. */
export interface Values extends PayoutValues {
  quantity: string;
  reason: string;
  details: string;
  resolution: 'refund' | 'replacement';
  /** for "No longer needed": the answer to UNOPENED_QUESTION, none until given */
  unopened: '' | 'yes' | 'no';
  /** the photos uploaded for it, kept in step with the list on screen */
  photoIds: number[];
}

export const FIELD_OF: Record<string, keyof Values> = {
  orderItemId: 'reason',
  quantity: 'quantity',
  reason: 'reason',
  details: 'details',
  resolution: 'resolution',
  unopened: 'unopened',
  upi: 'upi',
  holder: 'holder',
  accountNumber: 'accountNumber',
  ifsc: 'ifsc',
};

/** The form's values as the API takes them, checked with the same schema the server uses. */
export function resolverFor(item: ReturnableItem, cash: boolean, requestKey: string): Resolver<Values, unknown, ReturnRequest> {
  return (values) => {
    const payout = cash && values.resolution === 'refund' ? typedPayout(values) : undefined;
    // The seal matters only to a change of mind; asked of no other reason, and sent with none.
    const unopened = values.reason === 'changed_mind' && values.unopened !== '' ? { unopened: values.unopened === 'yes' } : {};
    const input = {
      orderItemId: item.id,
      quantity: Number(values.quantity),
      reason: values.reason,
      details: values.details,
      resolution: values.resolution,
      ...unopened,
      photoIds: values.photoIds,
      requestKey,
      ...(payout ? { payout } : {}),
    };
    const parsed = CreateReturnInputSchema.safeParse(input);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const issue of parsed.error.issues) {
      // A payout's problem is at payout.upi (or payout.ifsc …); the others at their own name.
      const key =
        FIELD_OF[String(issue.path.at(-1) ?? issue.path[0])] ??
        (issue.path[0] === 'payout' ? (values.payoutKind === 'upi' ? 'upi' : 'holder') : 'reason');
      errors[key] ??= {
        type: 'validate',
        message: key === 'reason' && issue.path[0] === 'reason' ? 'Please choose a reason' : issue.message,
      };
    }
    return { values: {}, errors };
  };
}
