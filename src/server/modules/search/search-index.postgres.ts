import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { SearchIndex, TermGroups } from './search-index.ts';

/** tsquery syntax: (thinkpad:* | thinkpa:*) & (x1:*). Terms are letters and digits only. */
function tsQuery(groups: TermGroups): string {
  return groups.map((group) => `(${group.map((term) => `${term}:*`).join(' | ')})`).join(' & ');
}

export function createPostgresSearchIndex(db: Db): SearchIndex {
  return {
    async match(groups) {
      // Weights D, C, B, A: specs and copy count least, the name most.
      const { rows } = await sql<{ product_id: number; rank: number }>`
        SELECT id AS product_id, ts_rank('{0.1, 0.2, 0.6, 1.0}', search_vector, query) AS rank
        FROM products, to_tsquery('simple', ${tsQuery(groups)}) AS query
        WHERE search_vector @@ query
      `.execute(db);
      return new Map(rows.map((row) => [row.product_id, Number(row.rank)]));
    },
    async vocabulary() {
      const { rows } = await sql<{ word: string }>`
        SELECT word FROM ts_stat('SELECT search_vector FROM products')`.execute(db);
      return rows.map((row) => row.word);
    },
  };
}
