/** Words as the index and queries read them, and how a product's text is told to have changed. */

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** A word of letters alone: typos are looked for among these (see Corpus.typoWords). */
export const LETTERS = /^\p{L}+$/u;

/** The words of a text, as queries are split (see typo-tolerance's queryWords): accents dropped, lower case. */
export function words(text: string): string[] {
  // Most catalogue text is plain ASCII, which has no accents to drop: loading 100,000 products skips the work.
  const plain = ASCII.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** FNV-1a: tells whether a product's text changed (stock and price changes leave it alone). */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return value >>> 0;
}
