import { buildFactQuery } from '../src/core/search/build-fact-query.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS } from '../src/core/search/build-search-query.js';
import type { FactScope } from '../src/spec/scope.js';
import {
  planFts5Search,
  RANKED_DOCUMENT_BUDGET,
  RECENT_PER_FREQUENT_TERM,
} from '../src/stores/sqlite/plan-fts5-search.js';
import { scopeToken } from '../src/stores/sqlite/scope-token.js';
import type { SqliteDatabase } from '../src/stores/sqlite/sqlite-database.js';
import { quoteFts5, toFts5Match } from '../src/stores/sqlite/to-fts5-match.js';

const INDEXES = [
  { table: 'facts_words', columns: { text: 'text_tokens', context: 'context_tokens', dated: 'dated' } },
  { table: 'facts_cjk', columns: { text: 'grams', context: 'context_grams' } },
] as const;

/** A query to time: it runs its statements and returns how many rows they gave. */
export type BareQuery = () => number;

/**
 * The baselines `prepare()` is measured against, for one message, over the same index, with the same query text as
 * the fact search (`buildFactQuery`, `buildSearchQuery`, `toFts5Match`), as prepared statements reading row ids and
 * scores only, their text built beforehand (untimed):
 * - `plain`: a plain FTS5 search of the message in the scope, one MATCH per index (the OR of its terms, narrowed to
 *   the scope inside the index), ranked with bm25 and the search's weights, `ORDER BY` and `LIMIT`;
 * - `own`: the very MATCHes the fact search runs for it (`planFts5Search`: the rare terms ranked with bm25, or each
 *   frequent term's most recent documents in the scope), without reading the facts: the FTS5 work it cannot avoid.
 * Null when the message has nothing to search.
 */
export function bareFts5Query(
  database: SqliteDatabase,
  scope: FactScope,
  limit: number,
): (text: string) => { plain: BareQuery; own: BareQuery } | null {
  const token = scopeToken(scope);
  const inScope = `scope : ${quoteFts5(token)}`;
  const statements = INDEXES.map(({ table, columns }) => {
    const weights = Object.keys(columns).map(() => '?');
    return {
      columns,
      count: database.prepare(
        `SELECT count(*) AS n FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${RANKED_DOCUMENT_BUDGET + 1})`,
      ),
      ranked: database.prepare(
        `SELECT rowid, bm25(${table}, 0.0, ${weights.join(', ')}) AS score FROM ${table} WHERE ${table} MATCH ?
         ORDER BY score LIMIT ?`,
      ),
      recent: database.prepare(
        `SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ${RECENT_PER_FREQUENT_TERM}`,
      ),
    };
  });
  return (text) => {
    const query = buildSearchQuery(buildFactQuery(text), FACT_SEARCH_WEIGHTS);
    const plain: BareQuery[] = [];
    const own: BareQuery[] = [];
    const fields = [
      { terms: query.words.terms, weights: query.words.weights as Record<string, number> },
      { terms: query.grams.terms, weights: query.grams.weights as Record<string, number> },
    ];
    fields.forEach(({ terms, weights: byField }, index) => {
      const statement = statements[index];
      if (terms.length === 0 || statement === undefined) return;
      const weights = Object.keys(statement.columns).map((field) => byField[field]);
      const expressions = terms.map((term) => toFts5Match(term, statement.columns as never));
      const match = `${inScope} AND (${expressions.map((expression) => `(${expression})`).join(' OR ')})`;
      plain.push(() => statement.ranked.all(...weights, match, limit).length);
      const counted = expressions.map((term) => ({ term, documents: (statement.count.get(term) as { n: number }).n }));
      const plan = planFts5Search(counted, token);
      if (plan === null) return;
      if ('ranked' in plan) own.push(() => statement.ranked.all(...weights, plan.ranked, limit).length);
      else own.push(() => plan.recent.reduce((rows, recent) => rows + statement.recent.all(recent).length, 0));
    });
    if (plain.length === 0) return null;
    const run = (queries: BareQuery[]) => () => queries.reduce((rows, query) => rows + query(), 0);
    return { plain: run(plain), own: run(own) };
  };
}
