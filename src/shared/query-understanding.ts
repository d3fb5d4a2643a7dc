import { CATEGORY_LABELS, type Category } from './categories.ts';
import { formatGigabytes } from './facets.ts';
import { formatPrice, rupees } from './money.ts';

/**
 * Searches as shoppers type them: "16gb ram laptop under 80000" is RAM 16 GB, a price up to
 * ₹80,000 and the category Laptop, with no words left to look for. What is understood becomes
 * filters; the rest stays words. Brands and models stay words too: search finds them.
 *
 * The same on both sides: the API applies it to `q`, and the storefront sends a shopper to the
 * filters it stands for, so that the filter panel shows them ticked and removable.
 */
export interface UnderstoodQuery {
  /** the words left to search for */
  q: string;
  category?: Category;
  ram: string[];
  storage: string[];
  screenSize: string[];
  /** paise */
  minPrice?: number;
  maxPrice?: number;
  /** what was understood, as the page says it ("16 GB RAM", "Under ₹80,000") */
  understood: string[];
}

const CATEGORY_WORDS: ReadonlyArray<[RegExp, Category]> = [
  [/\b(?:laptops?|notebooks?|ultrabooks?)\b/g, 'Laptop'],
  [/\b(?:desktops?|all[- ]in[- ]ones?|aio|towers?|pcs?)\b/g, 'Desktop'],
  [/\b(?:monitors?|displays?)\b/g, 'Monitor'],
];

/** An amount as Indians write one: 80000, 80,000, ₹80k, Rs. 1.5 lakh, 1.2L. */
const AMOUNT = String.raw`(?:₹|rs\.?|inr)?\s*(\d+(?:,\d+)*(?:\.\d+)?)\s*(k|thousand|l|lakhs?|lacs?)?\b`;
const UNDER = new RegExp(String.raw`\b(?:under|below|less than|upto|up to|within|max(?:imum)?|budget)\s*${AMOUNT}`, 'g');
const OVER = new RegExp(String.raw`\b(?:above|over|more than|min(?:imum)?|starting|from)\s*${AMOUNT}`, 'g');
const BETWEEN = new RegExp(String.raw`\bbetween\s*${AMOUNT}\s*(?:and|to|-)\s*${AMOUNT}`, 'g');
const RANGE = new RegExp(String.raw`${AMOUNT}\s*(?:-|to)\s*${AMOUNT}`, 'g');
const RAM = [/\b(\d{1,3})\s*gb\s*(?:of\s+)?(?:ram|memory|ddr\d?x?)\b/g, /\b(?:ram|memory)\s*(?:of\s+)?(\d{1,3})\s*gb\b/g];
const STORAGE = [
  /\b(\d{1,4})\s*(gb|tb)\s*(?:ssd|hdd|storage|nvme|rom)\b/g,
  /\b(?:ssd|hdd|storage|nvme)\s*(?:of\s+)?(\d{1,4})\s*(gb|tb)\b/g,
];
const SCREEN = /\b(\d{2}(?:\.\d)?)\s*(?:-\s*)?(?:inch(?:es)?|in|″|")(?=\s|$)/g;
/** Words that say nothing once the rest is understood: "best laptop with 16gb ram for under 50k". */
const FILLER = new Set([
  'with',
  'for',
  'and',
  'of',
  'the',
  'a',
  'an',
  'in',
  'best',
  'good',
  'cheap',
  'top',
  'buy',
  'price',
  'rs',
  'inr',
  'rupees',
  'only',
  'new',
  'latest',
]);

/** Rupees in paise from an amount's digits and unit; undefined when it cannot be a price. */
function amountPaise(digits: string | undefined, unit: string | undefined): number | undefined {
  if (digits === undefined) return undefined;
  let value = Number(digits.replace(/,/g, ''));
  if (!Number.isFinite(value)) return undefined;
  if (unit === 'k' || unit === 'thousand') value *= 1_000;
  else if (unit !== undefined) value *= 1_00_000;
  // A bare "under 16" is not a price in this store.
  if (value < 1_000 || value > 10_00_00_000) return undefined;
  return rupees(Math.round(value));
}

/** 1 TB is 1024 GB, as the storage filter counts it. */
function gigabytes(digits: string, unit: string): string {
  return String(unit === 'tb' ? Number(digits) * 1024 : Number(digits));
}

export function understandQuery(query: string): UnderstoodQuery {
  let text = ` ${query.toLowerCase().replace(/\s+/g, ' ')} `;
  const found: UnderstoodQuery = { q: '', ram: [], storage: [], screenSize: [], understood: [] };
  const take = (pattern: RegExp, use: (match: RegExpExecArray) => boolean) => {
    text = text.replace(pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      return use(match) ? ' ' : (match[0] as string);
    });
  };

  take(BETWEEN, (m) => {
    const [low, high] = [amountPaise(m[1], m[2]), amountPaise(m[3], m[4])];
    if (low === undefined || high === undefined) return false;
    [found.minPrice, found.maxPrice] = low <= high ? [low, high] : [high, low];
    return true;
  });
  take(UNDER, (m) => {
    const paise = amountPaise(m[1], m[2]);
    if (paise === undefined) return false;
    found.maxPrice = paise;
    return true;
  });
  take(OVER, (m) => {
    const paise = amountPaise(m[1], m[2]);
    if (paise === undefined) return false;
    found.minPrice = paise;
    return true;
  });
  if (found.minPrice === undefined && found.maxPrice === undefined) {
    take(RANGE, (m) => {
      const [low, high] = [amountPaise(m[1], m[2]), amountPaise(m[3], m[4])];
      if (low === undefined || high === undefined || low > high) return false;
      [found.minPrice, found.maxPrice] = [low, high];
      return true;
    });
  }
  for (const pattern of RAM) {
    take(pattern, (m) => {
      const gb = Number(m[1]);
      if (gb < 2 || gb > 256) return false;
      if (!found.ram.includes(String(gb))) found.ram.push(String(gb));
      return true;
    });
  }
  for (const pattern of STORAGE) {
    take(pattern, (m) => {
      const value = gigabytes(m[1] as string, m[2] as string);
      if (!found.storage.includes(value)) found.storage.push(value);
      return true;
    });
  }
  take(SCREEN, (m) => {
    const inches = Number(m[1]);
    if (inches < 10 || inches > 60) return false;
    if (!found.screenSize.includes(String(inches))) found.screenSize.push(String(inches));
    return true;
  });
  const categories = CATEGORY_WORDS.filter(([pattern]) => new RegExp(pattern.source).test(text));
  if (categories.length === 1) {
    const [pattern, category] = categories[0] as [RegExp, Category];
    found.category = category;
    text = text.replace(pattern, ' ');
  }

  if (found.category) found.understood.push(CATEGORY_LABELS[found.category].plural);
  for (const gb of found.ram) found.understood.push(`${formatGigabytes(Number(gb))} RAM`);
  for (const gb of found.storage) found.understood.push(`${formatGigabytes(Number(gb))} storage`);
  for (const inches of found.screenSize) found.understood.push(`${inches} inch`);
  if (found.minPrice !== undefined && found.maxPrice !== undefined)
    found.understood.push(`${formatPrice(found.minPrice)} – ${formatPrice(found.maxPrice)}`);
  else if (found.maxPrice !== undefined) found.understood.push(`Under ${formatPrice(found.maxPrice)}`);
  else if (found.minPrice !== undefined) found.understood.push(`Above ${formatPrice(found.minPrice)}`);

  const words = text.split(' ').filter((word) => word !== '');
  found.q = found.understood.length > 0 ? words.filter((word) => !FILLER.has(word)).join(' ') : query.trim();
  return found;
}

/**
 * The search's address with what its words say as filters, when they say any the address does not
 * set already (its own filters win); null when there is nothing to move.
 */
export function understoodSearchParams(params: URLSearchParams): URLSearchParams | null {
  const found = understandQuery(params.get('q') ?? '');
  if (found.understood.length === 0) return null;
  const next = new URLSearchParams(params);
  next.set('q', found.q);
  if (found.category && !next.has('category')) next.set('category', found.category);
  for (const key of ['ram', 'storage', 'screenSize'] as const) {
    if (next.has(key)) continue;
    for (const value of found[key]) next.append(key, value);
  }
  if (found.minPrice !== undefined && !next.has('minPrice')) next.set('minPrice', String(found.minPrice));
  if (found.maxPrice !== undefined && !next.has('maxPrice')) next.set('maxPrice', String(found.maxPrice));
  next.delete('page');
  return next;
}
