/**
 * Which tax invoices a refund is credited against. Money refunded on goods that were invoiced
 * (shipped) lowers the seller's taxable supply, so it goes out with a GST credit note (section 34
 * of the CGST Act) against one invoice; money refunded on what no invoice covers (goods not yet
 * shipped, the delivery charge) needs none. The server decides with this rule; the admin's
 * refund form asks the same questions before it sends.
 *
 * The rule, for a refund of `amount` on a payment with `left` still refundable:
 * 1. The admin names an invoice of the order: the whole refund is credited against it, and it may
 *    not be more than is left un-credited on that invoice.
 * 2. The admin says "no invoice" (null): allowed only within what is left that no invoice covers
 *    (`left` less everything left to credit), so invoiced money is never refunded uncredited.
 * 3. The admin names nothing:
 *    - nothing is left to credit on any invoice: no credit note;
 *    - the refund is everything left on the payment: each invoice is credited with all that is
 *      left on it (the rest, if any, is what no invoice covers);
 *    - one invoice alone has something left to credit and nothing else is left on the payment:
 *      that invoice;
 *    - otherwise it is ambiguous (several sellers' invoices, or goods not yet shipped beside a
 *      shipped invoice) and the refund is refused until the admin says which.
 */
import { formatPrice } from './money.ts';

export interface CreditableInvoice {
  id: number;
  number: string;
  /** paise of the invoice not yet credited */
  creditable: number;
}

export interface RefundCredit {
  invoiceId: number;
  amount: number;
}

export type RefundAllocation =
  { ok: true; credits: RefundCredit[] } | { ok: false; code: 'VALIDATION_FAILED' | 'CONFLICT'; message: string };

/** What is left on the payment that no invoice covers (goods not shipped, the delivery charge), in paise. */
export function uninvoicedLeft(left: number, invoices: readonly CreditableInvoice[]): number {
  return Math.max(0, left - invoices.reduce((sum, invoice) => sum + Math.max(0, invoice.creditable), 0));
}

/** Whether a refund of less than everything left must say which invoice it is against (rule 3's last case). */
export function mustNameInvoice(left: number, invoices: readonly CreditableInvoice[]): boolean {
  const open = invoices.filter((invoice) => invoice.creditable > 0);
  return open.length > 1 || (open.length === 1 && uninvoicedLeft(left, invoices) > 0);
}

/** `against`: an invoice id, null for none, undefined to let the rule decide. */
export function allocateRefund({
  amount,
  left,
  invoices,
  against,
}: {
  amount: number;
  left: number;
  invoices: readonly CreditableInvoice[];
  against?: number | null;
}): RefundAllocation {
  if (typeof against === 'number') {
    const invoice = invoices.find((candidate) => candidate.id === against);
    if (!invoice) return { ok: false, code: 'VALIDATION_FAILED', message: 'That tax invoice is not one of this order’s' };
    if (amount > invoice.creditable) {
      return {
        ok: false,
        code: 'CONFLICT',
        message:
          invoice.creditable > 0
            ? `At most ${formatPrice(invoice.creditable)} is left to credit on invoice ${invoice.number}`
            : `Invoice ${invoice.number} has been credited in full`,
      };
    }
    return { ok: true, credits: [{ invoiceId: invoice.id, amount }] };
  }
  const uninvoiced = uninvoicedLeft(left, invoices);
  if (against === null) {
    if (amount > uninvoiced) {
      return {
        ok: false,
        code: 'CONFLICT',
        message:
          uninvoiced > 0
            ? `Only ${formatPrice(uninvoiced)} of what is left is not on a tax invoice; refund the rest against an invoice`
            : 'Everything left on this payment is on a tax invoice: say which invoice the refund is against',
      };
    }
    return { ok: true, credits: [] };
  }
  const open = invoices.filter((invoice) => invoice.creditable > 0);
  if (open.length === 0) return { ok: true, credits: [] };
  // (Everything left can be less than the invoices' rest only when money was refunded as not
  // invoiced and its goods shipped after all; then the admin must say which.)
  if (amount === left && open.reduce((sum, invoice) => sum + invoice.creditable, 0) <= amount) {
    return { ok: true, credits: open.map((invoice) => ({ invoiceId: invoice.id, amount: invoice.creditable })) };
  }
  if (!mustNameInvoice(left, invoices)) return { ok: true, credits: [{ invoiceId: open[0]!.id, amount }] };
  return {
    ok: false,
    code: 'CONFLICT',
    message:
      open.length > 1
        ? `This order has ${open.length} tax invoices left to credit: say which one the refund is against`
        : `Part of what is left is not on tax invoice ${open[0]!.number} (goods not yet shipped, or the delivery charge): say whether the refund is against that invoice or not`,
  };
}
