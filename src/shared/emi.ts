import { rupees } from './money.ts';

/**
 * Card EMI plans. No-cost EMI on 3 and 6 months (the interest is borne by the seller as a
 * discount); longer tenures carry the bank's annual interest rate. The checkout moves these
 * into configuration.
 */
export const EMI_MIN_ORDER = rupees(3000);

export const EMI_TENURES = [3, 6, 9, 12, 18, 24] as const;
export type EmiTenure = (typeof EMI_TENURES)[number];

export interface EmiPlan {
  months: number;
  annualRatePercent: number;
}

/** Default interest table; the server's configuration may replace it (EMI_RATES). */
export const EMI_PLANS: readonly EmiPlan[] = [
  { months: 3, annualRatePercent: 0 },
  { months: 6, annualRatePercent: 0 },
  { months: 9, annualRatePercent: 14 },
  { months: 12, annualRatePercent: 14 },
  { months: 18, annualRatePercent: 15 },
  { months: 24, annualRatePercent: 15 },
];

/** Monthly instalment in paise (rounded up to the rupee, as banks quote it). */
export function monthlyInstalment(principal: number, months: number, annualRatePercent: number): number {
  const monthly =
    annualRatePercent === 0
      ? principal / months
      : (() => {
          const r = annualRatePercent / 12 / 100;
          const growth = (1 + r) ** months;
          return (principal * r * growth) / (growth - 1);
        })();
  return Math.ceil(monthly / 100) * 100;
}

/** The lowest monthly instalment offered for a price, or undefined below the EMI minimum. */
export function emiFrom(price: number, plans: readonly EmiPlan[] = EMI_PLANS): number | undefined {
  if (price < EMI_MIN_ORDER) return undefined;
  return Math.min(...plans.map((plan) => monthlyInstalment(price, plan.months, plan.annualRatePercent)));
}

/** Monthly instalment and total interest of a plan for an amount. */
export function emiQuote(amount: number, plan: EmiPlan): { monthly: number; interest: number } {
  const monthly = monthlyInstalment(amount, plan.months, plan.annualRatePercent);
  return { monthly, interest: plan.annualRatePercent === 0 ? 0 : Math.max(0, monthly * plan.months - amount) };
}
