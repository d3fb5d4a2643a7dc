import type { RawFacetCount } from '../catalog.repository.ts';

/** Counting by small codes in typed arrays: the facets' counts, as the pass and the kept cells make them. */

/** 1 at each accepted code: typed-array look-ups in the pass. */
export function flags(length: number, codes: readonly number[]): Uint8Array {
  const accepted = new Uint8Array(length);
  for (const code of codes) if (code >= 0) accepted[code] = 1;
  return accepted;
}

export function increment(counts: Uint32Array, code: number): void {
  counts[code] = (counts[code] as number) + 1;
}

/** Counts by code in typed arrays, named, leaving out codes below `from` and counts of 0. */
export function named(counts: Uint32Array, name: (code: number) => string, from = 0): RawFacetCount[] {
  const rows: RawFacetCount[] = [];
  for (let code = from; code < counts.length; code++)
    if ((counts[code] as number) > 0) rows.push({ value: name(code), count: counts[code] as number });
  return rows;
}

/** The chosen codes among flags (each once). */
export function chosen(accepted: Uint8Array): number[] {
  const codes: number[] = [];
  for (let code = 0; code < accepted.length; code++) if (accepted[code] === 1) codes.push(code);
  return codes;
}

/** Counts of typed arrays and of cells summed, side by side (either may be the longer). */
export function plus(a: Uint32Array, b: Uint32Array | undefined): Uint32Array {
  if (!b) return a;
  const sum = new Uint32Array(Math.max(a.length, b.length));
  sum.set(a);
  for (let code = 0; code < b.length; code++) sum[code] = (sum[code] as number) + (b[code] as number);
  return sum;
}
