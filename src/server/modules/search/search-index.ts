import type { SearchHits } from '#server/modules/catalog/catalog-index.ts';

/**
 * A query the index understands: every group must match (AND); within a group any term may
 * (OR); each term matches as a word prefix.
 */
export type TermGroups = ReadonlyArray<readonly string[]>;

/** The search index port (search-index.memory.ts: in each process, kept up to date from the change log). */
export interface SearchIndex {
  /** products matching the groups, with their ranks (higher is better) */
  match(groups: TermGroups): Promise<SearchHits>;
  /** every indexed word, for typo tolerance */
  vocabulary(): Promise<string[]>;
}
