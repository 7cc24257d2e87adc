import type { FactCandidate } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { FACT_COLUMNS, type FactRow, toFact } from '../sql/map-fact-row.js';
import { scopeKey } from '../sql/scope-key.js';
import type { Sql, SqlConnection } from '../sql/sql.js';
import type { SqlSearch } from '../sql/sql-dialect.js';
import type { FactIndexColumns } from '../sql/sql-fact-store.js';
import { planFts5Search, RANKED_DOCUMENT_BUDGET, RECENT_PER_FREQUENT_TERM } from './plan-fts5-search.js';
import { scopeToken } from './scope-token.js';
import { toFts5Match } from './to-fts5-match.js';

/** The columns of each index (after the scope) that hold the fields of a fact's index document. */
const WORD_COLUMNS = { text: 'text_tokens', context: 'context_tokens', dated: 'dated' } as const;
const GRAM_COLUMNS = { text: 'grams', context: 'context_grams' } as const;
/**
 * Document frequencies only decide which terms are ranked exactly, so a slightly stale one is harmless: they are
 * remembered for a while instead of being counted on every query (counting walks up to the budget's documents).
 */
const FREQUENCY_CACHE_SIZE = 4096;
const FREQUENCY_CACHE_MS = 60_000;
/** FTS5's own record of an index's segments (`FTS5_STRUCTURE_ROWID`): rewritten by every write that adds to it. */
const STRUCTURE_ROW_ID = 10;

/** What a fact row carries for this search (`sqlFactStore`'s third argument): its scope's token, which the indexes hold. */
export const fts5FactColumns: FactIndexColumns = (scope) => ({ scope: scopeToken(scope) });

/**
 * The fact search of SQLite's FTS5 (`facts_words`, `facts_cjk`), over any connection that speaks SQLite's SQL. Each
 * index is searched with the terms split by document frequency (`planFts5Search`): the rare ones, up to the ranking
 * budget, are ranked exactly with bm25 (an OR of them); when every term is frequent (a large scope, a common word),
 * each of the rarest few is looked up among its most recent documents in the scope, and a fact scores by how many of
 * them it contains. So the cost is bounded by the budget, not by the index size. A fact found by both indexes adds up
 * its relevance.
 */
export function sqliteFactSearch(connection: SqlConnection): SqlSearch['facts'] {
  const words = fts5Index('facts_words', 3);
  const grams = fts5Index('facts_cjk', 2);
  // The last scope's index token (a SHA-256): a process mostly serves the same user turn after turn.
  let lastToken = { agentId: '', userId: '', token: '' };
  const tokenOf = (scope: FactScope): string => {
    const [agentId, userId] = scopeKey(scope);
    if (lastToken.token === '' || lastToken.agentId !== agentId || lastToken.userId !== userId) {
      lastToken = { agentId, userId, token: scopeToken(scope) };
    }
    return lastToken.token;
  };
  return (scope, query, limit) =>
    connection.read('search facts', async (sql) => {
      const candidates = new Map<number, FactCandidate>();
      const searches = [
        [
          words,
          query.words.terms.map((term) => toFts5Match(term, WORD_COLUMNS)),
          [query.words.weights.text, query.words.weights.context, query.words.weights.dated],
        ],
        [
          grams,
          query.grams.terms.map((term) => toFts5Match(term, GRAM_COLUMNS)),
          [query.grams.weights.text, query.grams.weights.context],
        ],
      ] as const;
      for (const [index, terms, weights] of searches) {
        if (terms.length === 0) continue;
        for (const hit of await index(sql, scope, tokenOf(scope), terms, weights, limit)) {
          const seen = candidates.get(hit.fact.id);
          if (seen) seen.relevance += hit.relevance;
          else candidates.set(hit.fact.id, hit);
        }
      }
      return [...candidates.values()].sort((a, b) => b.relevance - a.relevance).slice(0, limit);
    });
}

/**
 * One FTS5 index. `terms`: one column-qualified FTS5 expression per query term (`{text_tokens context_tokens} :
 * "word"`); `weights`: the bm25 weight of each indexed column, in the table's order (the scope column excepted).
 */
function fts5Index(table: 'facts_words' | 'facts_cjk', columns: number) {
  // The scope column counts for nothing in bm25: it only filters. bm25() with explicit weights is cheaper than the
  // configured `rank`.
  const weightList = ['0.0', ...Array.from({ length: columns }, () => '?')].join(', ');
  const count = `SELECT count(*) AS n FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`;
  const ranked = `SELECT ${FACT_COLUMNS}, bm25(${table}, ${weightList}) AS score
    FROM ${table} CROSS JOIN facts f ON f.id = ${table}.rowid
    WHERE ${table} MATCH ? AND f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL ORDER BY score LIMIT ?`;
  // The inner query lets FTS5 walk its doclist backwards and stop after `LIMIT` hits. Ids only: most candidates are
  // dropped, and only the kept ones are read in full (`byIds`).
  const recent = `SELECT f.id FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ?) m
    CROSS JOIN facts f ON f.id = m.rowid WHERE f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL`;
  const byIds = `SELECT ${FACT_COLUMNS} FROM facts f WHERE f.id IN (SELECT value FROM json_each(?))`;
  const structure = `SELECT block FROM ${table}_data WHERE id = ${STRUCTURE_ROW_ID}`;
  const frequencies = new Map<string, { documents: number; at: number }>();
  // Most words of a message are in no fact: their absence is remembered until the index changes (any process's
  // write that adds to it rewrites its structure record), so that a fact that brings one is found at once.
  const absent = { terms: new Set<string>(), version: null as Uint8Array | null };
  const frequency = async (sql: Sql, term: string, now: number): Promise<number> => {
    if (absent.terms.has(term)) return 0;
    const known = frequencies.get(term);
    if (known && now - known.at < FREQUENCY_CACHE_MS) return known.documents;
    const documents = Number((await sql.get<{ n: number }>(count, [term, RANKED_DOCUMENT_BUDGET + 1]))?.n ?? 0);
    frequencies.delete(term);
    if (documents === 0) {
      if (absent.version !== null && absent.terms.size < FREQUENCY_CACHE_SIZE) absent.terms.add(term);
      return 0;
    }
    if (frequencies.size >= FREQUENCY_CACHE_SIZE) frequencies.delete(frequencies.keys().next().value as string);
    frequencies.set(term, { documents, at: now });
    return documents;
  };

  return async (
    sql: Sql,
    scope: FactScope,
    token: string,
    terms: readonly string[],
    columnWeights: readonly number[],
    limit: number,
  ): Promise<FactCandidate[]> => {
    const [agentId, userId] = scopeKey(scope);
    // Read before any count, so that an absence is never remembered past a write that came after this read.
    const version = bytes((await sql.get<{ block?: unknown }>(structure))?.block);
    if (version === null || absent.version === null || !sameBytes(version, absent.version)) {
      absent.terms.clear();
      absent.version = version;
    }
    const now = Date.now();
    const counted: Array<{ term: string; documents: number }> = [];
    for (const term of terms) counted.push({ term, documents: await frequency(sql, term, now) });
    const plan = planFts5Search(counted, token);
    if (plan === null) return [];
    if ('ranked' in plan) {
      const rows = await sql.all<FactRow & { score?: number }>(ranked, [
        ...columnWeights,
        plan.ranked,
        agentId,
        userId,
        limit,
      ]);
      // bm25 is negative, lower is better.
      return rows.map((row) => ({ fact: toFact(row), relevance: -(row.score ?? 0) }));
    }
    const matched = new Map<number, number>();
    for (const match of plan.recent) {
      for (const { id } of await sql.all<{ id: number }>(recent, [match, RECENT_PER_FREQUENT_TERM, agentId, userId])) {
        matched.set(id, (matched.get(id) ?? 0) + 1);
      }
    }
    // A fact scores by how many of the frequent terms it contains; among equals, the newest first.
    const best = [...matched].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit);
    if (best.length === 0) return [];
    const rows = new Map(
      (await sql.all<FactRow>(byIds, [JSON.stringify(best.map(([id]) => id))])).map((row) => [row.id, row]),
    );
    return best.flatMap(([id, relevance]) => {
      const row = rows.get(id);
      return row ? [{ fact: toFact(row), relevance }] : [];
    });
  };
}

/** A blob as the driver gives it (better-sqlite3: a Buffer; libSQL: an ArrayBuffer). */
function bytes(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return value;
  return value instanceof ArrayBuffer ? new Uint8Array(value) : null;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
