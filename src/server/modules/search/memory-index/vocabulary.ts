import type { TermGroups } from '../search-index.ts';
import { WHOLE } from '../search-index.ts';
import { type Corpus, lowerBound } from './corpus.ts';
import { live } from './documents.ts';

/** The sorted vocabulary, read by prefix: which terms a query word stands for. */

/** Every indexed term the word starts (the word itself included); a whole word's term alone. */
export function withPrefix(corpus: Corpus, word: string): string[] {
  const { vocabulary } = corpus;
  if (word.endsWith(WHOLE)) {
    const term = word.slice(0, -1);
    return corpus.terms.has(term) ? [term] : [];
  }
  const found: string[] = [];
  for (let at = lowerBound(vocabulary, word); at < vocabulary.length && (vocabulary[at] as string).startsWith(word); at++)
    found.push(vocabulary[at] as string);
  return found;
}

/** Whether some indexed term starts with the word. */
export function hasPrefix(corpus: Corpus, word: string): boolean {
  return (corpus.vocabulary[lowerBound(corpus.vocabulary, word)] ?? '').startsWith(word);
}

/**
 * The groups in the fewest, shortest words that find the same products with the same ranks:
 * each word lengthened to what every indexed term it starts has in common ("lenov" and
 * "lenovo" are both "lenovo", "del" stays "del" for "dell" and "delivery"), less those another
 * of them starts, in order. A whole word stays as it is. A group that finds nothing is empty.
 */
export function canonical(corpus: Corpus, groups: TermGroups): string[][] {
  const { vocabulary, terms } = corpus;
  return groups.map((group) => {
    const prefixes = group.flatMap((word) => {
      if (word.endsWith(WHOLE)) return terms.has(word.slice(0, -1)) ? [word] : [];
      const first = vocabulary[lowerBound(vocabulary, word)];
      if (first === undefined || !first.startsWith(word)) return [];
      const last = vocabulary[lowerBound(vocabulary, `${word}\uffff`) - 1] as string;
      let common = word.length;
      while (common < first.length && first.charCodeAt(common) === last.charCodeAt(common)) common++;
      return [first.slice(0, common)];
    });
    const kept: string[] = [];
    for (const prefix of [...new Set(prefixes)].sort())
      if (kept.length === 0 || !prefix.startsWith(kept[kept.length - 1] as string)) kept.push(prefix);
    return kept;
  });
}

/** The words (letters alone) in at least `least` products, the commonest first. */
export function commonWords(corpus: Corpus, least: number): string[] {
  const { terms } = corpus;
  const common = corpus.typoWords.filter((term) => (terms.get(term)?.length ?? 0) >= least);
  return common.sort((a, b) => (terms.get(b)?.length ?? 0) - (terms.get(a)?.length ?? 0));
}

/** Postings of the terms the word starts: about how many products it finds. */
export function products(corpus: Corpus, word: string): number {
  return withPrefix(corpus, word).reduce((sum, term) => {
    const postings = corpus.terms.get(term);
    return sum + (postings ? live(corpus, term, postings).length : 0);
  }, 0);
}
