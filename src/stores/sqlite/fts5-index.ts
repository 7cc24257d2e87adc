import type { FactCandidate } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-sqlite-rows.js';
import { planFts5Search, RANKED_DOCUMENT_BUDGET, RECENT_PER_FREQUENT_TERM } from './plan-fts5-search.js';
import { scopeKey } from './scope-key.js';
import { scopeToken } from './scope-token.js';
import type { SqliteDatabase } from './sqlite-database.js';

/**
 * Document frequencies only decide which terms are ranked exactly, so a slightly stale one is harmless: they are
 * remembered for a while instead of being counted on every query (counting walks up to the budget's documents).
 */
const FREQUENCY_CACHE_SIZE = 4096;
const FREQUENCY_CACHE_MS = 60_000;
/** FTS5's own record of an index's segments (`FTS5_STRUCTURE_ROWID`): rewritten by every write that adds to it. */
const STRUCTURE_ROW_ID = 10;

export interface Fts5Index {
  /**
   * `terms`: one column-qualified FTS5 expression per query term (`{text_tokens context_tokens} : "word"`);
   * `weights`: the bm25 weight of each indexed column, in the table's order (the scope column excepted).
   */
  search(scope: FactScope, terms: readonly string[], weights: readonly number[], limit: number): FactCandidate[];
}

/**
 * Searches one FTS5 index (`facts_words` or `facts_cjk`). Terms are split by document frequency (`planFts5Search`):
 * the rare ones, up to the ranking budget, are ranked exactly with bm25 (an OR of them); when every term is frequent
 * (a large scope, a common word), each of the rarest few is looked up among its most recent documents in the scope,
 * and a fact scores by how many of them it contains. So the cost is bounded by the budget, not by the index size.
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
  const structure = database.prepare(`SELECT block FROM ${table}_data WHERE id = ${STRUCTURE_ROW_ID}`);
  const frequencies = new Map<string, { documents: number; at: number }>();
  // Most words of a message are in no fact: their absence is remembered until the index changes (any process's
  // write that adds to it rewrites its structure record), so that a fact that brings one is found at once.
  const absent = { terms: new Set<string>(), version: null as Uint8Array | null };
  const indexVersion = (): Uint8Array | null => {
    const block = (structure.get() as { block?: unknown } | undefined)?.block;
    return block instanceof Uint8Array ? block : null;
  };
  const frequency = (term: string, now: number): number => {
    if (absent.terms.has(term)) return 0;
    const known = frequencies.get(term);
    if (known && now - known.at < FREQUENCY_CACHE_MS) return known.documents;
    const documents = (count.get(term, RANKED_DOCUMENT_BUDGET + 1) as { n: number }).n;
    frequencies.delete(term);
    if (documents === 0) {
      if (absent.version !== null && absent.terms.size < FREQUENCY_CACHE_SIZE) absent.terms.add(term);
      return 0;
    }
    if (frequencies.size >= FREQUENCY_CACHE_SIZE) frequencies.delete(frequencies.keys().next().value as string);
    frequencies.set(term, { documents, at: now });
    return documents;
  };
  // The last scope's index token (a SHA-256): a process mostly serves the same user turn after turn.
  let lastToken = { agentId: '', userId: '', token: '' };
  const tokenOf = (scope: FactScope, agentId: string, userId: string): string => {
    if (lastToken.token === '' || lastToken.agentId !== agentId || lastToken.userId !== userId) {
      lastToken = { agentId, userId, token: scopeToken(scope) };
    }
    return lastToken.token;
  };

  return {
    search(scope, terms, columnWeights, limit) {
      const [agentId, userId] = scopeKey(scope);
      // Read before any count, so that an absence is never remembered past a write that came after this read.
      const version = indexVersion();
      if (version === null || absent.version === null || !sameBytes(version, absent.version)) {
        absent.terms.clear();
        absent.version = version;
      }
      const now = Date.now();
      const plan = planFts5Search(
        terms.map((term) => ({ term, documents: frequency(term, now) })),
        tokenOf(scope, agentId, userId),
      );
      if (plan === null) return [];
      if ('ranked' in plan) {
        const rows = ranked.all(...columnWeights, plan.ranked, agentId, userId, limit) as Array<
          FactRow & { score?: number }
        >;
        return rows.map((row) => ({
          fact: toFact(row),
          // bm25 is negative, lower is better.
          relevance: -(row.score ?? 0),
        }));
      }
      const matched = new Map<number, number>();
      for (const match of plan.recent) {
        for (const { id } of recent.all(match, RECENT_PER_FREQUENT_TERM, agentId, userId) as Array<{ id: number }>) {
          matched.set(id, (matched.get(id) ?? 0) + 1);
        }
      }
      // A fact scores by how many of the frequent terms it contains; among equals, the newest first.
      const best = [...matched].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit);
      if (best.length === 0) return [];
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

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
