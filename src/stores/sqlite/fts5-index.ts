import type { FactCandidate } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-sqlite-rows.js';
import { scopeKey } from './scope-key.js';
import { scopeToken } from './scope-token.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { quoteFts5 } from './to-fts5-match.js';

/**
 * Exact bm25 ranking costs one to two microseconds per matching document (a fact is indexed with its source exchange
 * as context, so a term matches about three times as many documents as by the fact text alone), so a query may rank
 * at most this many documents (summed over its terms' document frequencies) to keep `prepare` within its 2 ms budget.
 * At 500 the 10k-fact case took 1.3 ms at the median; at 250, 0.7 ms, with the same LoCoMo recall.
 */
const RANKED_DOCUMENT_BUDGET = 250;
/** Frequent terms are looked up among each term's most recent documents in the scope, this many per term. */
const RECENT_PER_FREQUENT_TERM = 30;
const FREQUENT_TERMS_USED = 3;
/**
 * Document frequencies only decide which terms are ranked exactly, so a slightly stale one is harmless: they are
 * remembered for a while instead of being counted on every query (counting walks up to the budget's documents).
 */
const FREQUENCY_CACHE_SIZE = 4096;
const FREQUENCY_CACHE_MS = 60_000;

export interface Fts5Index {
  /**
   * `terms`: one column-qualified FTS5 expression per query term (`{text_tokens context_tokens} : "word"`);
   * `weights`: the bm25 weight of each indexed column, in the table's order (the scope column excepted).
   */
  search(scope: FactScope, terms: readonly string[], weights: readonly number[], limit: number): FactCandidate[];
}

/**
 * Searches one FTS5 index (`facts_words` or `facts_cjk`). Terms are split by document frequency: the rare ones,
 * up to the ranking budget, are ranked exactly with bm25 (an OR of them); when every term is frequent (a large
 * scope, a common word), each of the rarest few is looked up among its most recent documents in the scope, and a
 * fact scores by how many of them it contains. So the cost is bounded by the budget, not by the index size.
 */
export function fts5Index(
  database: SqliteDatabase,
  table: 'facts_words' | 'facts_cjk',
  /** How many columns the table indexes besides the scope. */
  columns: number,
): Fts5Index {
  // The scope column counts for nothing in bm25: it only filters.
  const weights = ['0.0', ...Array.from({ length: columns }, () => '?')].join(', ');
  const count = database.prepare(
    `SELECT count(*) AS n FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`,
  );
  // bm25() with explicit weights (the scope column counts for nothing) is cheaper than the configured `rank`.
  const ranked = database.prepare(
    `SELECT ${FACT_COLUMNS}, bm25(${table}, ${weights}) AS score FROM ${table} CROSS JOIN facts f ON f.id = ${table}.rowid
     WHERE ${table} MATCH ? AND f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL ORDER BY score LIMIT ?`,
  );
  // The inner query lets FTS5 walk its doclist backwards and stop after `LIMIT` hits. Ids only: most candidates are
  // dropped, and only the kept ones are read in full (`byIds`).
  const recent = database.prepare(
    `SELECT f.id FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ?) m
     CROSS JOIN facts f ON f.id = m.rowid WHERE f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL`,
  );
  const byIds = database.prepare(`SELECT ${FACT_COLUMNS} FROM facts f WHERE f.id IN (SELECT value FROM json_each(?))`);
  const frequencies = new Map<string, { documents: number; at: number }>();
  const frequency = (term: string): number => {
    const now = Date.now();
    const known = frequencies.get(term);
    if (known && now - known.at < FREQUENCY_CACHE_MS) return known.documents;
    const documents = (count.get(term, RANKED_DOCUMENT_BUDGET + 1) as { n: number }).n;
    frequencies.delete(term);
    // A term no fact has yet may be in the very next one: only counts above zero are remembered.
    if (documents === 0) return 0;
    if (frequencies.size >= FREQUENCY_CACHE_SIZE) frequencies.delete(frequencies.keys().next().value as string);
    frequencies.set(term, { documents, at: now });
    return documents;
  };

  return {
    search(scope, terms, columnWeights, limit) {
      const [agentId, userId] = scopeKey(scope);
      const counted = terms
        .map((term) => ({ term, documents: frequency(term) }))
        .filter((entry) => entry.documents > 0);
      counted.sort((a, b) => a.documents - b.documents);
      const rare: string[] = [];
      let budget = RANKED_DOCUMENT_BUDGET;
      for (const { term, documents } of counted) {
        if (documents > budget) break;
        rare.push(term);
        budget -= documents;
      }
      if (rare.length > 0) {
        const match = rare.map((term) => `(${term})`).join(' OR ');
        const rows = ranked.all(...columnWeights, match, agentId, userId, limit) as Array<FactRow & { score?: number }>;
        return rows.map((row) => ({
          fact: toFact(row),
          // bm25 is negative, lower is better.
          relevance: -(row.score ?? 0),
        }));
      }
      const matched = new Map<number, number>();
      const inScope = `scope : ${quoteFts5(scopeToken(scope))}`;
      for (const { term } of counted.slice(0, FREQUENT_TERMS_USED)) {
        // Narrowed to the scope inside the index, so that other scopes' newer facts cannot crowd this one's out.
        const match = `${inScope} AND (${term})`;
        for (const { id } of recent.all(match, RECENT_PER_FREQUENT_TERM, agentId, userId) as Array<{ id: number }>) {
          matched.set(id, (matched.get(id) ?? 0) + 1);
        }
      }
      // A fact scores by how many of the frequent terms it contains; among equals, the newest first.
      const best = [...matched].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit);
      const rows = new Map(
        (byIds.all(JSON.stringify(best.map(([id]) => id))) as FactRow[]).map((row) => [row.id, row]),
      );
      return best.flatMap(([id, relevance]) => {
        const row = rows.get(id);
        return row ? [{ fact: toFact(row), relevance }] : [];
      });
    },
  };
}
