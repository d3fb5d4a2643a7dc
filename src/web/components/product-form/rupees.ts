import { PAISE_PER_RUPEE } from '#shared/money.ts';

const RUPEES = /^\d+(?:\.\d{1,2})?$/;

/**
 * "64,990", "₹ 64990.50" or "1,29,999" → paise. Undefined when the text is not an amount of rupees
 * (empty, negative, letters, more than two decimals).
 */
export function parseRupees(text: string): number | undefined {
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^Rs\.?/i, '');
  if (!RUPEES.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * PAISE_PER_RUPEE);
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 6499000 → "64,990", 6499050 → "64,990.50": what a rupee field shows for an amount in paise. */
export function paiseToRupeeText(paise: number): string {
  return paise % PAISE_PER_RUPEE === 0 ? wholeRupees.format(paise / PAISE_PER_RUPEE) : withPaise.format(paise / PAISE_PER_RUPEE);
}
