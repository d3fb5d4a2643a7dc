import type { SearchMatch } from '#server/modules/catalog/catalog.repository.ts';

/**
 * A query the index understands: every group must match (AND); within a group any term may
 * (OR); each term matches as a word prefix.
 */
export type TermGroups = ReadonlyArray<readonly string[]>;

/** The search index port: SQLite FTS5 or PostgreSQL full-text search. */
export interface SearchIndex {
  /** product ids matching the groups, with a rank where higher is better */
  match(groups: TermGroups): SearchMatch;
  /** every indexed word, for typo tolerance */
  vocabulary(): Promise<string[]>;
}
