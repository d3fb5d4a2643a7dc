import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Product, ProductList } from '#shared/schemas/catalog.ts';
import { call } from './processes.ts';
import { EDIT_INTERVAL_MS, POLL_MS, VISIBLE_CAP_MS } from './settings.ts';
import { type Dice, LETTERS } from './shopper-draws.ts';

/** The writer: an admin editing products while shoppers read, and how soon each edit shows. */

export type Surface = 'product page' | 'listing' | 'search';
export const SURFACES: readonly Surface[] = ['product page', 'listing', 'search'];

interface AdminProduct extends Product {
  sku: string | null;
}

export interface WriterReport {
  edits: number;
  seconds: number;
  errors: string[];
}

export interface Visibility {
  /** ms from the edit's answer to the first read that showed it */
  shownAfterMs: Record<Surface, number[]>;
  /** edits that had not shown after VISIBLE_CAP_MS, described */
  notShown: Record<Surface, string[]>;
}

export function newVisibility(): Visibility {
  return {
    shownAfterMs: { 'product page': [], listing: [], search: [] },
    notShown: { 'product page': [], listing: [], search: [] },
  };
}

/** A made-up word no product has, so that a search for it finds the one edited product only. */
function uniqueWord(d: Dice): string {
  return `zq${Array.from({ length: 6 }, () => LETTERS[d.int(0, LETTERS.length - 1)]).join('')}`;
}
const UNIQUE_WORD = / zq[a-z]{6}$/;

/** A shopkeeper's edit: the price moves up to 10%, stock by a few units, and sometimes a word of the name changes. */
function nextEdit(current: AdminProduct, d: Dice, renamed: boolean): { body: Record<string, unknown>; price: number; word?: string } {
  let price = Math.max(100, Math.round((current.price * (0.9 + d.next() * 0.2)) / 100) * 100);
  if (price === current.price) price += 100;
  const word = renamed ? uniqueWord(d) : undefined;
  const body = {
    name: word ? `${current.name.replace(UNIQUE_WORD, '')} ${word}` : current.name,
    brand: current.brand,
    category: current.category,
    description: current.description,
    price,
    mrp: Math.max(current.mrp, price),
    stock: Math.max(0, current.stock + d.pick([-2, -1, 1, 2, 3])),
    stockWas: current.stock,
    specs: current.specs,
    status: current.status,
    reason: 'bench: a price and stock update',
  };
  return { body, price, word };
}

/** Asks `url` every POLL_MS until `shows` says yes: the ms since `since`, or why it never did. */
async function timeUntilShown(url: string, shows: (body: unknown) => boolean, since: number): Promise<number | string> {
  let last = '';
  while (performance.now() - since < VISIBLE_CAP_MS) {
    try {
      const response = await call(url, {}, VISIBLE_CAP_MS);
      if (response.ok && shows(await response.json())) return performance.now() - since;
      if (!response.ok) last = ` (last answer ${response.status})`;
    } catch (error) {
      last = ` (${(error as Error).message})`;
    }
    await sleep(POLL_MS);
  }
  return `not shown after ${VISIBLE_CAP_MS / 1000} s${last}`;
}

/** Follows one edit on every surface a shopper could see it on, at the same time. */
async function followEdit(
  origin: string,
  product: AdminProduct,
  price: number,
  word: string | undefined,
  since: number,
  into: Visibility,
): Promise<void> {
  const listed = (body: unknown) => (body as ProductList).items.some((item) => item.id === product.id && item.price === price);
  const listing = new URLSearchParams({
    category: product.category,
    brand: product.brand,
    minPrice: String(price),
    maxPrice: String(price),
    sort: 'price_asc',
    pageSize: '100',
  });
  const checks: Array<[Surface, string, (body: unknown) => boolean]> = [
    ['product page', `/api/products/${product.id}`, (body) => (body as Product).price === price],
    ['listing', `/api/products?${listing}`, listed],
  ];
  if (word) checks.push(['search', `/api/search?q=${word}`, (body) => (body as ProductList).items.some((item) => item.id === product.id)]);
  await Promise.all(
    checks.map(async ([surface, url, shows]) => {
      const outcome = await timeUntilShown(origin + url, shows, since);
      if (typeof outcome === 'number') into.shownAfterMs[surface].push(outcome);
      else into.notShown[surface].push(`product ${product.id}: ${outcome}`);
    }),
  );
}

/**
 * Starts an edit of a random product every EDIT_INTERVAL_MS until stopped, as an admin through the
 * API, and follows each edit until it shows (into `visibility`). Edits start on the clock, as
 * edits by many people arrive, so a slow answer does not slow the writer down. A product being
 * edited or followed is not edited again meanwhile, so what is looked for stays what was written.
 */
export function startWriter(
  origin: string,
  headers: Record<string, string>,
  ids: readonly number[],
  d: Dice,
  visibility: Visibility,
): { stop: () => Promise<WriterReport> } {
  const report: WriterReport = { edits: 0, seconds: 0, errors: [] };
  const busy = new Set<number>();
  const running: Array<Promise<void>> = [];
  const startedAt = performance.now();
  let started = 0;

  async function edit(id: number, renamed: boolean): Promise<void> {
    const read = await call(`${origin}/api/admin/products/${id}`, { headers });
    if (!read.ok) throw new Error(`GET /api/admin/products/${id} answered ${read.status}: ${await read.text()}`);
    const current = ((await read.json()) as { product: AdminProduct }).product;
    const { body, price, word } = nextEdit(current, d, renamed);
    const written = await call(`${origin}/api/admin/products/${id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
    if (!written.ok) throw new Error(`PUT /api/admin/products/${id} answered ${written.status}: ${await written.text()}`);
    report.edits++;
    await followEdit(origin, current, price, word, performance.now(), visibility);
  }

  function startEdit(): void {
    let id = d.pick(ids);
    while (busy.has(id)) id = d.pick(ids);
    busy.add(id);
    // Every other edit renames, so search is followed on half of them.
    const renamed = started++ % 2 === 0;
    running.push(
      edit(id, renamed)
        .catch((error: unknown) => void report.errors.push((error as Error).message))
        .finally(() => busy.delete(id)),
    );
  }

  startEdit();
  const timer = setInterval(startEdit, EDIT_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      report.seconds = (performance.now() - startedAt) / 1000;
      await Promise.all(running);
      return report;
    },
  };
}
