import type { Category } from '#shared/categories.ts';
import { formatPrice, rupees } from '#shared/money.ts';

/** A price range as the listing's URL holds it: paise, either end optional. */
export interface PriceRange {
  min?: number;
  max?: number;
}

export interface PricePreset extends PriceRange {
  label: string;
}

/** Bands a shopper of each category thinks in, in rupees; the last is open-ended. */
const BANDS: Record<Category | 'all', number[]> = {
  Laptop: [30_000, 50_000, 80_000, 1_20_000],
  Desktop: [40_000, 60_000, 1_00_000, 1_50_000],
  Monitor: [10_000, 20_000, 35_000, 60_000],
  all: [20_000, 50_000, 1_00_000, 1_50_000],
};

/** "₹30,000–50,000": the second amount without its sign, as shops write a band. */
const band = (min: number, max: number) => `${formatPrice(min)}–${formatPrice(max).replace('₹', '')}`;

/** The price presets of a category's listing (or of a listing across categories): Under ₹30,000, ₹30,000–50,000, …, Above ₹1,20,000. */
export function pricePresets(category: Category | undefined): PricePreset[] {
  const cuts = BANDS[category ?? 'all'].map(rupees);
  const first = cuts[0] as number;
  const last = cuts.at(-1) as number;
  return [
    { label: `Under ${formatPrice(first)}`, max: first },
    ...cuts.slice(1).map((max, n) => ({ label: band(cuts[n] as number, max), min: cuts[n] as number, max })),
    { label: `Above ${formatPrice(last)}`, min: last },
  ];
}

const amount = (value: string | null) => (value !== null && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

/**
 * The price range the URL asks for (minPrice and maxPrice in paise), and whether it is the wrong
 * way round, a minimum above the maximum: such a range is not applied (the API would refuse it),
 * and the filter panel says why.
 */
export function priceRangeOf(params: URLSearchParams): PriceRange & { reversed: boolean } {
  const min = amount(params.get('minPrice'));
  const max = amount(params.get('maxPrice'));
  return { min, max, reversed: min !== undefined && max !== undefined && min > max };
}

export const REVERSED_RANGE = 'The minimum is above the maximum';

/** How a chip names a range: a preset's own label, else "₹32,000 – ₹45,000", "From ₹32,000", "Up to ₹45,000". */
export function priceRangeLabel({ min, max }: PriceRange, category: Category | undefined): string {
  const preset = pricePresets(category).find((p) => p.min === min && p.max === max);
  if (preset) return preset.label;
  if (min !== undefined && max !== undefined) return `${formatPrice(min)} – ${formatPrice(max)}`;
  if (min !== undefined) return `From ${formatPrice(min)}`;
  return `Up to ${formatPrice(max as number)}`;
}

/**
 * What a shopper typed in a price field, in paise: "45,000", "₹45000", "45000.50"; undefined when
 * blank or not an amount.
 */
export function typedRupees(text: string): number | undefined {
  const clean = text.replace(/[,\s₹]/g, '').replace(/^rs\.?/i, '');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(clean)) return undefined;
  return rupees(Number(clean));
}

/** Paise as a price field shows them: whole rupees without grouping ("45000"), paise only when there are some. */
export function fieldRupees(paise: number | undefined): string {
  if (paise === undefined) return '';
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/**
 * A range typed in the panel's two fields: the paise to put in the URL, or why not. A field that
 * is not an amount is left out (as if blank); a minimum above the maximum is refused.
 */
export function checkTypedRange(minText: string, maxText: string): { range: PriceRange } | { error: string } {
  const min = typedRupees(minText);
  const max = typedRupees(maxText);
  if (min !== undefined && max !== undefined && min > max) return { error: REVERSED_RANGE };
  return { range: { min, max } };
}
