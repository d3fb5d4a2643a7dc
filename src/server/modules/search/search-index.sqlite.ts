import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { SearchIndex, TermGroups } from './search-index.ts';

/** FTS5 query syntax: ("thinkpad"* OR "thinkpa"*) AND ("x1"*). Terms are letters and digits only. */
function ftsQuery(groups: TermGroups): string {
  return groups.map((group) => `(${group.map((term) => `"${term}"*`).join(' OR ')})`).join(' AND ');
}

export function createSqliteSearchIndex(db: Db): SearchIndex {
  return {
    async match(groups) {
      // bm25 is lower-is-better; weights favour the name, then the brand, then specs and copy.
      const { rows } = await sql<{ product_id: number; rank: number }>`
        SELECT rowid AS product_id, -bm25(products_fts, 10.0, 6.0, 1.0) AS rank
        FROM products_fts WHERE products_fts MATCH ${ftsQuery(groups)}
      `.execute(db);
      return new Map(rows.map((row) => [row.product_id, Number(row.rank)]));
    },
    async vocabulary() {
      const { rows } = await sql<{ term: string }>`SELECT term FROM products_fts_vocab`.execute(db);
      return rows.map((row) => row.term);
    },
  };
}
