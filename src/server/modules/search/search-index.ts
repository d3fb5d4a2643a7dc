import type { SearchHits } from '#server/modules/catalog/listing-index/listing-query.ts';

/**
 * A query the index understands: every group must match (AND); within a group any term may
 * (OR); each term matches as a word prefix, or, ending in WHOLE, as the whole word alone.
 */
export type TermGroups = ReadonlyArray<readonly string[]>;

/** Ends a term that matches the whole word alone ("pro$" is "pro", not "processor"). */
export const WHOLE = '$';

/** Whether a word of a product matches a term of TermGroups. */
export function termMatches(term: string, word: string): boolean {
  return term.endsWith(WHOLE) ? word.length === term.length - 1 && term.startsWith(word) : word.startsWith(term);
}

/** The search index port (search-index.memory.ts: in each process, kept up to date from the change log). */
export interface SearchIndex {
  /** products matching the groups, with their ranks (higher is better) */
  match(groups: TermGroups): Promise<SearchHits>;
  /** every indexed word, for typo tolerance */
  vocabulary(): Promise<string[]>;
}
