import type { FactCandidate } from '../../spec/memory-store.js';
import { FACT_COLUMNS, type FactRow, toFact } from '../sql/map-fact-row.js';
import type { SqlSearch } from '../sql/sql-dialect.js';
import { postgresFactIndexes } from './postgres-fact-index.js';
import type { PostgresGuard } from './postgres-guard.js';

/** The fact search of Postgres: each index's best `limit` (`postgresFactIndexes`), read in one snapshot. */
export function postgresFactSearch(schema: string, guard: PostgresGuard): SqlSearch['facts'] {
  const indexes = postgresFactIndexes(schema);
  return (scope, { words, grams }, limit) =>
    guard.search('search facts', async (sql) => {
      const hits = [
        ...(await indexes.words.search(sql, scope, words.terms, words.weights, limit)),
        ...(await indexes.grams.search(sql, scope, grams.terms, grams.weights, limit)),
      ];
      // A fact found by both indexes adds up its relevance.
      const relevance = new Map<number, number>();
      for (const hit of hits) relevance.set(hit.id, (relevance.get(hit.id) ?? 0) + hit.score);
      const best = [...relevance].sort((a, b) => b[1] - a[1]).slice(0, limit);
      if (best.length === 0) return [];
      const rows = await sql.query<FactRow>(
        `SELECT ${FACT_COLUMNS} FROM ${schema}.facts f WHERE f.id = ANY($1::bigint[])`,
        [best.map(([id]) => id)],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return best.flatMap(([id, score]): FactCandidate[] => {
        const row = byId.get(id);
        return row ? [{ fact: toFact(row), relevance: score }] : [];
      });
    });
}
