import type { IndexDocument, SearchTerm } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { type Bm25Hit, type Bm25Table, documentFrequencies, rankBm25, termCondition } from './postgres-bm25-index.js';
import type { Sql } from './postgres-guard.js';

/**
 * As the SQLite store's fact indexes (`sqlite-fact-search.ts`): a query ranks exactly, by bm25, at most this many documents
 * (summed over its terms' document frequencies in the whole index); its frequent terms are looked up among their
 * most recent documents in the scope instead.
 */
const RANKED_DOCUMENT_BUDGET = 250;
const RECENT_PER_FREQUENT_TERM = 30;
const FREQUENT_TERMS_USED = 3;
/** How many of the scope's newest live facts a frequent term is first looked for in. */
const RECENT_WINDOW = 2000;

type Words = keyof IndexDocument['words'];
type Grams = keyof IndexDocument['grams'];

/** One index of facts (their words, or their grams). */
export interface PostgresFactIndex<Field extends string> {
  search(
    sql: Sql,
    scope: FactScope,
    terms: ReadonlyArray<SearchTerm<Field>>,
    weights: Readonly<Record<Field, number>>,
    limit: number,
  ): Promise<Bm25Hit[]>;
}

/**
 * The fact indexes (the words and the grams of live facts). Terms are split by document frequency as the SQLite store
 * splits them: the rare ones, up to the ranking budget, are ranked exactly with bm25 (an OR of them); when every term
 * is frequent, each of the rarest few is looked up among its most recent documents in the scope, and a fact scores
 * by how many of them it contains (the newest first among equals).
 */
export function postgresFactIndexes(schema: string): {
  words: PostgresFactIndex<Words>;
  grams: PostgresFactIndex<Grams>;
} {
  const table = `${schema}.facts`;
  const indexed = 'superseded_by IS NULL';
  return {
    words: factIndex<Words>({
      table,
      id: 'id',
      columns: { text: 'text_tokens', context: 'context_tokens', dated: 'dated' },
      length: 'words_length',
      vector: 'words_vector',
      indexed,
      stats: { table: `${schema}.index_stats`, name: 'facts', tokens: 'words_tokens' },
    }),
    grams: factIndex<Grams>({
      table,
      id: 'id',
      columns: { text: 'grams', context: 'context_grams' },
      length: 'grams_length',
      vector: 'grams_vector',
      indexed,
      stats: { table: `${schema}.index_stats`, name: 'facts', tokens: 'grams_tokens' },
    }),
  };
}

function factIndex<Field extends string>(index: Bm25Table<Field>): PostgresFactIndex<Field> {
  const { table, indexed } = index;
  return {
    async search(sql, scope, terms, weights, limit) {
      if (terms.length === 0) return [];
      const frequencies = await documentFrequencies(sql, index, terms, RANKED_DOCUMENT_BUDGET + 1);
      const counted = terms
        .map((term, at) => ({ term, documents: frequencies[at] ?? 0 }))
        .filter((entry) => entry.documents > 0);
      counted.sort((a, b) => a.documents - b.documents);
      const rare: Array<{ term: SearchTerm<Field>; documents: number }> = [];
      let budget = RANKED_DOCUMENT_BUDGET;
      for (const entry of counted) {
        if (entry.documents > budget) break;
        rare.push(entry);
        budget -= entry.documents;
      }
      const inScope = { sql: 'agent_id = $1 AND user_id = $2', values: [scope.agentId, scope.userId ?? ''] };
      if (rare.length > 0) {
        // A rare term's count stopped below the cap: it is its exact document frequency, as bm25 needs it.
        return rankBm25(
          sql,
          index,
          rare.map((entry) => entry.term),
          weights,
          inScope,
          limit,
          rare.map((entry) => entry.documents),
        );
      }
      // The rarest few terms' most recent documents in the scope, exactly (as SQLite's), cheaply: first among the
      // scope's newest live facts (an index walk, bounded); a term that is not found there often enough is sparse in
      // the scope, and its few documents come from the indexes (term and scope bitmaps, sorted). One statement each.
      const frequent = counted.slice(0, FREQUENT_TERMS_USED);
      const values: unknown[] = [...inScope.values];
      const windows = frequent.map(
        ({ term }, at) =>
          `(SELECT id, ${at} AS term
            FROM (SELECT * FROM ${table} WHERE ${indexed} AND ${inScope.sql} ORDER BY id DESC LIMIT ${RECENT_WINDOW}) recent
            WHERE ${termCondition(index, term, values)} ORDER BY id DESC LIMIT ${RECENT_PER_FREQUENT_TERM})`,
      );
      const found =
        windows.length === 0 ? [] : await sql.query<{ id: number; term: number }>(windows.join(' UNION ALL '), values);
      const rows: Array<{ id: number }> = [];
      for (const [at, { term }] of frequent.entries()) {
        const hits = found.filter((row) => row.term === at);
        if (hits.length === RECENT_PER_FREQUENT_TERM) {
          rows.push(...hits);
          continue;
        }
        const exact: unknown[] = [...inScope.values];
        const condition = termCondition(index, term, exact);
        rows.push(
          ...(await sql.query<{ id: number }>(
            `WITH matches AS MATERIALIZED (SELECT id FROM ${table} WHERE ${indexed} AND ${inScope.sql} AND ${condition})
             SELECT id FROM matches ORDER BY id DESC LIMIT ${RECENT_PER_FREQUENT_TERM}`,
            exact,
          )),
        );
      }
      const matched = new Map<number, number>();
      for (const { id } of rows) matched.set(id, (matched.get(id) ?? 0) + 1);
      return [...matched]
        .sort((a, b) => b[1] - a[1] || b[0] - a[0])
        .slice(0, limit)
        .map(([id, score]) => ({ id, score }));
    },
  };
}
