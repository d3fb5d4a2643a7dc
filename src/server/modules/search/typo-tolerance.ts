/**
 * Query words to index terms: a word that starts some indexed term is used as a prefix;
 * otherwise it is read as the likeliest indexed term within one edit (insertion, deletion,
 * substitution or transposition) of it, or of the same-length start of a term ("thinkpd" →
 * "thinkpad"): see `likeliest`.
 */

const MAX_WORDS = 8;
export const MIN_LENGTH_FOR_TYPOS = 4;

export function queryWords(q: string): string[] {
  const words = q
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  // Single letters are noise next to real words ("<b>thinkpad</b>"), but may be all there is.
  const meaningful = words.filter((word) => word.length > 1);
  return [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, MAX_WORDS);
}

/** Optimal string alignment distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = 1): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * editDistance(a, b, 1) without building its table: 0, 1, or 2 for "more than one". A typo search
 * runs it against every word of the vocabulary, so it allocates nothing.
 */
export function withinOneEdit(a: string, b: string): 0 | 1 | 2 {
  if (a === b) return 0;
  const difference = a.length - b.length;
  if (difference > 1 || difference < -1) return 2;
  let at = 0;
  while (at < a.length && at < b.length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  const rest = (fromA: number, fromB: number) => a.slice(fromA) === b.slice(fromB);
  if (difference === 0) {
    // A substitution, or two neighbours swapped.
    if (rest(at + 1, at + 1)) return 1;
    return a.charCodeAt(at) === b.charCodeAt(at + 1) && a.charCodeAt(at + 1) === b.charCodeAt(at) && rest(at + 2, at + 2) ? 1 : 2;
  }
  // One letter more in the longer word.
  return difference > 0 ? (rest(at + 1, at) ? 1 : 2) : rest(at, at + 1) ? 1 : 2;
}

/** Index of the first term >= word in a sorted list. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < word) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function hasPrefix(sorted: readonly string[], word: string): boolean {
  const index = lowerBound(sorted, word);
  return index < sorted.length && sorted[index]!.startsWith(word);
}

/**
 * Terms within one edit of the word, or whose start is (as the start it matches), nearest first.
 * Scans every term given: the vocabulary once, or a few new terms against earlier stand-ins.
 */
export function closeTerms(terms: Iterable<string>, word: string): string[] {
  const found: Array<{ term: string; distance: number }> = [];
  for (const term of terms) {
    if (Math.abs(term.length - word.length) > 1 && term.length < word.length) continue;
    const whole = withinOneEdit(word, term);
    const start = term.length > word.length ? withinOneEdit(word, term.slice(0, word.length)) : whole;
    const distance = Math.min(whole, start);
    if (distance <= 1) found.push({ term: whole <= 1 ? term : term.slice(0, word.length), distance });
  }
  return [...new Set(found.sort((a, b) => a.distance - b.distance).map((entry) => entry.term))];
}

/**
 * What a mistyped word is read as, of the stand-ins `closeTerms` found: a whole term before the
 * start of a longer one, then the one the most products have, then the first in order. One
 * reading, as a shop's "showing results for" gives, rather than every close word at once: "cone"
 * is "core" (i3 to i9, on most laptops), not "core", "one", "code", "done" and "conn…" together,
 * which found 70 % of the catalogue and ranked none of it sensibly. A typo then finds what its
 * word finds, so the two share their kept hits.
 */
export function likeliest(
  standIns: readonly string[],
  isTerm: (standIn: string) => boolean,
  products: (standIn: string) => number,
): string | undefined {
  let best: { standIn: string; whole: boolean; products: number } | undefined;
  for (const standIn of standIns) {
    // Counted first: a word no product has any more (its postings all dead) is no reading, and
    // counting it drops it from the index, so that it is not taken for a whole term either.
    const found = products(standIn);
    if (found === 0) continue;
    const candidate = { standIn, whole: isTerm(standIn), products: found };
    const better =
      best === undefined ||
      (candidate.whole !== best.whole
        ? candidate.whole
        : candidate.products !== best.products
          ? candidate.products > best.products
          : candidate.standIn < best.standIn);
    if (better) best = candidate;
  }
  return best?.standIn;
}

/**
 * The terms a word stands for: itself when it starts an indexed term, else its likeliest reading
 * (see `likeliest`; `products` tells how many products have a term), or none when nothing is close.
 */
export function alternatives(sortedVocabulary: readonly string[], word: string, products: (term: string) => number = () => 1): string[] {
  if (hasPrefix(sortedVocabulary, word)) return [word];
  if (word.length < MIN_LENGTH_FOR_TYPOS) return [];
  const terms = new Set(sortedVocabulary);
  const reading = likeliest(closeTerms(sortedVocabulary, word), (standIn) => terms.has(standIn), products);
  return reading === undefined ? [] : [reading];
}
