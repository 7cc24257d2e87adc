import { createHash } from 'node:crypto';
import type { FieldSearch, IndexDocument, SearchQuery } from '../../spec/memory-store.js';
import { FACT_COLUMNS, type FactRow, toFact } from '../sql/map-fact-row.js';
import { TURN_COLUMNS, type TurnRow, toTurn } from '../sql/map-session-rows.js';
import type { SqlSearch } from '../sql/sql-dialect.js';
import type { PostgresGuard } from './postgres-guard.js';
import { type RememberedFrequencies, rememberedFrequencies } from './remembered-frequencies.js';
import { toTsquery } from './to-tsquery.js';

/**
 * As the SQLite store's fact search (`plan-fts5-search.ts`): a query ranks exactly, by bm25, at most this many
 * documents (summed over its terms' document frequencies in the scope); when every term is more frequent, the rarest
 * few are each looked up among their most recent documents in the scope, and a fact scores by how many hold it.
 */
const RANKED_DOCUMENT_BUDGET = 250;
const RECENT_PER_FREQUENT_TERM = 30;
const FREQUENT_TERMS_USED = 3;
/**
 * bm25's corpus figures (row count, mean length) are read from the scope's or session's newest rows, at most this
 * many: exact below it, a bounded read above it (idf then ranks terms as in a scope of this size).
 */
const CORPUS_SAMPLE = 1000;
/** A frequent term is looked for among the scope's newest rows, this many, so that the walk stays bounded. */
const RECENT_WINDOW = 2000;

/** Searches of up to this many terms run as prepared statements. */
const PREPARED_TERMS = 16;

type Words = keyof IndexDocument['words'];
type Grams = keyof IndexDocument['grams'];

/** Where one index (the words or the grams of facts or of turns) keeps its fields, length and vector. */
interface IndexColumns<Field extends string> {
  columns: Readonly<Record<Field, string>>;
  length: string;
  vector: string;
}

/**
 * A table searched: its rows, the filter that keeps a scope's or session's (`$1`, `$2`), and its two indexes. The
 * filter reads its values as subqueries' (`(SELECT $1::text)`): a plan made for the values would be specific to a
 * scope's size (and cheaper in estimate for a scope that holds most rows), so Postgres would plan each search anew
 * instead of keeping the generic plan, which serves every scope (planning the statement costs more than running it).
 */
interface SearchedTable {
  table: string;
  id: string;
  filter: string;
  /** Newest first (its index leads with the filter's columns and holds the lengths: read alone, it is enough). */
  newest: string;
  /** That index's columns. */
  key: string;
  words: IndexColumns<Words>;
  grams: IndexColumns<Grams>;
  /**
   * Rank only the rarest terms up to the budget (facts), or every match (a session's turns). With a budget: the
   * filter as a range of the newest index's whole key (row comparisons), so that a walk newest first can only be that
   * index's (with the scope as equalities, the planner may rather walk the primary key backwards, through every
   * scope's newer rows).
   */
  budget: string | null;
}

/**
 * Postgres's full-text search, ranked in the database: the core's index tokens (decision 15) are matched through the
 * GIN index of each row's tokens (`index_vector`), and each row is scored there by bm25 over its fields as FTS5
 * scores it, with the corpus figures of the scope (or session) counted in the same statement, so that only the best
 * rows travel. One statement per search, no statistics kept by writes. A term's capped document frequency in a
 * scope is remembered by the process for a while (`rememberedFrequencies`) and given to the next search as a value,
 * which then skips counting it (the count reads the term's whole posting list: it cannot stop at the cap).
 */
export function postgresSearch(schema: string, guard: PostgresGuard): SqlSearch {
  const facts: SearchedTable = {
    table: `${schema}.facts`,
    id: 'id',
    filter: 'agent_id = (SELECT $1::text) AND user_id = (SELECT $2::text) AND superseded_by IS NULL',
    newest: 'agent_id DESC, user_id DESC, id DESC',
    key: 'agent_id, user_id, id',
    words: {
      columns: { text: 'text_tokens', context: 'context_tokens', dated: 'dated' },
      length: 'words_length',
      vector: 'words_vector',
    },
    grams: { columns: { text: 'grams', context: 'context_grams' }, length: 'grams_length', vector: 'grams_vector' },
    budget: `(agent_id, user_id, id) BETWEEN ((SELECT $1::text), (SELECT $2::text), 0)
      AND ((SELECT $1::text), (SELECT $2::text), ${Number.MAX_SAFE_INTEGER}) AND superseded_by IS NULL`,
  };
  const turns: SearchedTable = {
    table: `${schema}.turn_index`,
    id: 'turn_id',
    filter: 'session_key = (SELECT $1::text) AND turn_id < (SELECT $2::int8)',
    newest: 'session_key DESC, turn_id DESC',
    key: 'session_key, turn_id',
    words: {
      columns: { text: 'text', context: 'context', dated: 'dated' },
      length: 'words_length',
      vector: 'words_vector',
    },
    grams: { columns: { text: 'grams', context: 'context_grams' }, length: 'grams_length', vector: 'grams_vector' },
    budget: null,
  };
  const frequencies = rememberedFrequencies();
  return {
    facts: (scope, query, limit) =>
      guard.read('search facts', async (sql) => {
        const values: unknown[] = [scope.agentId, scope.userId ?? ''];
        const now = Date.now();
        const remembered = rememberedIn(frequencies, values, now);
        const ranked = rankedIds(facts, query, values, limit, remembered.known);
        if (ranked === null) return [];
        // The terms' frequencies come back on every row, and on one row of nulls when nothing is found.
        const text = `${ranked.ctes} SELECT ${FACT_COLUMNS}, best.relevance, counts.* FROM (SELECT ${ranked.counts}) counts
           LEFT JOIN (best JOIN ${facts.table} f ON f.id = best.id) ON true ORDER BY best.relevance DESC, f.id DESC`;
        const rows = await sql.query<FactRow & { relevance: number | null } & Record<string, number[] | null>>(
          text,
          values,
          statementName(query, text),
        );
        const first = rows[0];
        if (first !== undefined) remembered.learn(ranked.queries, first);
        return rows.flatMap((row) => (row.relevance === null ? [] : [{ fact: toFact(row), relevance: row.relevance }]));
      }),
    turns: (sessionKey, query, { limit, beforeTurnId }) =>
      guard.read('search turns', async (sql) => {
        const values: unknown[] = [sessionKey, beforeTurnId ?? Number.MAX_SAFE_INTEGER];
        const ranked = rankedIds(turns, query, values, limit);
        if (ranked === null) return [];
        const text = `${ranked.ctes} SELECT ${TURN_COLUMNS}, best.relevance FROM best JOIN ${schema}.turns t ON t.id = best.id
           ORDER BY best.relevance DESC, t.id DESC`;
        const rows = await sql.query<TurnRow & { relevance: number }>(text, values, statementName(query, text));
        return rows.map((row) => ({ turn: toTurn(row), relevance: row.relevance }));
      }),
  };
}

/**
 * A search's statement is long to plan and its shape depends only on the number of terms: the common shapes (up to
 * `PREPARED_TERMS` terms) are prepared once per connection, their plan kept (the values each search gives are read
 * at run time: the plan does not depend on them), and the rarer, longer ones planned each time.
 */
function statementName(query: SearchQuery, text: string): string | undefined {
  if (query.words.terms.length + query.grams.terms.length > PREPARED_TERMS) return undefined;
  return `memstack_search_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/** A term's frequency remembered: known before the search, or learnt from it. Keyed by the scope and the tsquery. */
type KnownFrequency = (prefix: string, query: string) => number | undefined;

/** The scope's (`values`: agent, user) remembered frequencies, and what a search's first row teaches. */
function rememberedIn(frequencies: RememberedFrequencies, values: readonly unknown[], now: number) {
  const key = (prefix: string, query: string) => JSON.stringify([values[0], values[1], prefix, query]);
  return {
    known: ((prefix, query) => frequencies.get(key(prefix, query), now)) as KnownFrequency,
    /** Remembers the frequencies the search counted (not those it was given: they age from when they were counted). */
    learn: (queries: Record<string, Array<string | null>>, row: Record<string, unknown>) => {
      for (const [prefix, list] of Object.entries(queries)) {
        const counted = row[`${prefix}_documents`];
        if (!Array.isArray(counted)) continue;
        for (const [at, query] of list.entries()) {
          if (query === null || frequencies.get(key(prefix, query), now) !== undefined) continue;
          frequencies.set(key(prefix, query), Number(counted[at] ?? 0), now);
        }
      }
    },
  };
}

/**
 * The CTEs of a search, ending with `best (id, relevance)`: the best `limit` rows, a row found by both indexes adding
 * up its two relevances; `counts`: a select list of each index's terms' frequencies as arrays (`w_documents`,
 * `g_documents`), in the order of `queries` (each term's tsquery, null when it has none). Null when no term can match.
 */
function rankedIds(
  table: SearchedTable,
  query: SearchQuery,
  values: unknown[],
  limit: number,
  known?: KnownFrequency,
): { ctes: string; counts: string; queries: Record<string, Array<string | null>> } | null {
  const parts = [
    partSql('w', table, table.words, query.words, values, known),
    partSql('g', table, table.grams, query.grams, values, known),
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const lengths = [table.words.length, table.grams.length];
  const corpus = `corpus AS MATERIALIZED (
    SELECT count(*) AS rows, coalesce(avg(${lengths[0]}), 1) AS w_average, coalesce(avg(${lengths[1]}), 1) AS g_average
    FROM (SELECT ${lengths.join(', ')} FROM ${table.table} WHERE ${table.filter}
          ORDER BY ${table.newest} LIMIT ${CORPUS_SAMPLE}) sample)`;
  return {
    ctes: `WITH ${corpus}, ${parts.map((part) => part.ctes).join(', ')},
    best AS (SELECT id, sum(score) AS relevance FROM (${parts.map((part) => part.scores).join(' UNION ALL ')}) hits
             GROUP BY id ORDER BY relevance DESC, id DESC LIMIT ${Math.max(0, Math.floor(limit))})`,
    counts: parts
      .map(
        (part) => `(SELECT array_agg(documents ORDER BY term) FROM ${part.prefix}_counted) AS ${part.prefix}_documents`,
      )
      .join(', '),
    queries: Object.fromEntries(parts.map((part) => [part.prefix, part.queries])),
  };
}

/**
 * One index's part of a search: each term's document frequency in the scope (counted up to the budget and one more
 * when the search has one), the rare terms' bm25 over the rows that hold any of them, or, when every term is
 * frequent, the rarest few terms' most recent rows. `ctes`: its CTEs (named with `prefix`); `scores`: a SELECT of
 * (id, score).
 */
function partSql<Field extends string>(
  prefix: string,
  table: SearchedTable,
  index: IndexColumns<Field>,
  search: FieldSearch<Field>,
  values: unknown[],
  known?: KnownFrequency,
): { prefix: string; ctes: string; scores: string; queries: Array<string | null> } | null {
  const order = Object.keys(index.columns) as Field[];
  const terms = search.terms;
  if (terms.length === 0) return null;
  const parameter = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const patterns = terms.map((term) => parameter(` ${term.tokens.join('  ')}${term.prefix ? '' : ' '}`));
  // A term whose every token is too long for a lexeme (`toTsquery`) is looked for in the fields' text instead.
  const unindexed: string[] = [];
  const cap = table.budget ? ` LIMIT ${RANKED_DOCUMENT_BUDGET + 1}` : '';
  const queries: Array<string | null> = [];
  // The terms whose frequency is not remembered are first looked for all at once (one walk of the GIN index, whose
  // pending entries each walk reads): most words of a message are in no fact, and their count is then 0. Capped as a
  // count is, not at the first row: with LIMIT 1 the planner expects an early hit and walks the scope's index instead,
  // through every row of the scope when no row holds a term (90 ms at 100,000 facts).
  const unknown: string[] = [];
  const rows = terms.map((term, at) => {
    const query = toTsquery(
      term,
      term.fields.map((field) => order.indexOf(field)),
    );
    queries.push(query?.query ?? null);
    const tsquery = parameter(query?.query ?? null);
    // The query as a subquery's value: planned without its value, the count walks the GIN index's rows (a plan for
    // the value would scan the table for a term that many rows hold, reading each row's vector).
    let match = `${index.vector} @@ (SELECT ${tsquery}::tsquery)`;
    if (query === null) {
      match = `(${term.fields.map((field) => `strpos(' ' || replace(${index.columns[field]}, ' ', '  ') || ' ', ${patterns[at]}) > 0`).join(' OR ')})`;
      unindexed.push(`(EXISTS (SELECT 1 FROM ${prefix}_rare WHERE term = ${at}) AND ${match})`);
    }
    let documents = `(SELECT count(*) FROM (SELECT 1 FROM ${table.table} WHERE ${table.filter} AND ${match}${cap}) hits)`;
    // A frequency remembered is given; the count (an initplan, run only when its value is read) is then skipped.
    if (known) {
      const remembered = query === null ? undefined : known(prefix, query.query);
      if (query !== null && remembered === undefined) {
        unknown.push(`(${query.query})`);
        documents = `CASE WHEN (SELECT documents FROM ${prefix}_unknown) > 0 THEN ${documents} ELSE 0 END`;
      }
      // As a subquery's value too: a plan for the value would differ from the generic plan, and be made anew each time.
      documents = `coalesce((SELECT ${parameter(remembered ?? null)}::int8), ${documents})`;
    }
    return `(${at}, ${tsquery}::text, ${documents})`;
  });
  // The terms present in the scope, rarest first; the rare ones are those within the budget.
  const ctes = [
    ...(known
      ? [
          `${prefix}_unknown AS MATERIALIZED (SELECT count(*) AS documents FROM (SELECT 1 FROM ${table.table}
            WHERE ${table.filter} AND ${index.vector} @@ (SELECT ${parameter(unknown.length > 0 ? unknown.join(' | ') : null)}::tsquery)${cap}) hits)`,
        ]
      : []),
    `${prefix}_counted AS MATERIALIZED (SELECT * FROM (VALUES ${rows.join(', ')}) counted (term, query, documents))`,
    `${prefix}_terms AS MATERIALIZED (
      SELECT term, query, documents, sum(documents) OVER (ORDER BY documents, term) AS running,
        row_number() OVER (ORDER BY documents, term) AS rarity
      FROM ${prefix}_counted WHERE documents > 0)`,
    `${prefix}_rare AS MATERIALIZED (SELECT term, query, documents FROM ${prefix}_terms
      ${table.budget ? `WHERE running <= ${RANKED_DOCUMENT_BUDGET}` : ''})`,
    // Each rare term's idf, as FTS5 computes it: ln((N - n + 0.5) / (n + 0.5)), 1e-6 when not positive; and the
    // corpus's mean length (the corpus is read only when a term is rare: with none, nothing here reads it).
    `${prefix}_idf AS MATERIALIZED (SELECT max(corpus.${prefix}_average) AS average, ${terms
      .map(
        (_, at) => `max(CASE WHEN term = ${at} THEN greatest(ln(greatest(corpus.rows - documents + 0.5, 0.5)
          / (documents + 0.5)), 1e-6) END) AS idf${at}`,
      )
      .join(', ')}, string_agg('(' || query || ')', ' | ')::tsquery AS query FROM ${prefix}_rare, corpus)`,
  ];
  // A term's hits in a field: its phrase's occurrences among the field's tokens, each token between two spaces of its
  // own (the separators doubled) so that neighbouring occurrences are all counted.
  const padded = order.map((field) => `' ' || replace(${index.columns[field]}, ' ', '  ') || ' ' AS ${field}`);
  const hits = terms.map((term, at) => {
    const pattern = patterns[at] as string;
    const weighted = term.fields.map(
      (field) =>
        `${Number(search.weights[field])} * ((length(c.${field}) - length(replace(c.${field}, ${pattern}, ''))) / length(${pattern}))`,
    );
    return `(${weighted.join(' + ')})::float8 AS h${at}`;
  });
  const score = terms
    .map(
      (_, at) =>
        `coalesce(i.idf${at} * h${at} * 2.2 / nullif(h${at} + 1.2 * (0.25 + 0.75 * length / i.average), 0), 0)`,
    )
    .join(' + ');
  ctes.push(`${prefix}_ranked AS (
    SELECT id, score FROM (
      SELECT id, ${score} AS score FROM (
        SELECT ${table.id} AS id, ${index.length} AS length, ${hits.join(', ')}
        FROM (SELECT ${table.id}, ${index.length}, ${padded.join(', ')} FROM ${table.table}
              WHERE ${table.filter} AND (${[`${index.vector} @@ (SELECT query FROM ${prefix}_idf)`, ...unindexed].join(' OR ')})) c
      ) counted, ${prefix}_idf i
    ) scored WHERE score > 0)`);
  if (!table.budget)
    return { prefix, queries, ctes: ctes.join(',\n'), scores: `SELECT id, score FROM ${prefix}_ranked` };
  // No rare term: the rarest few, each among its most recent rows in the scope; a row scores by how many hold it.
  // First among the scope's newest rows (a bounded walk); a term found there less often is sparse in the scope, and
  // its rows come from the GIN index instead.
  // Each term walks the scope's index newest first and stops at its RECENT_PER_FREQUENT_TERM-th row: the match is
  // the operator's function (`ts_match_vq`, what `@@` calls), a filter on the walk, not a GIN scan of every row that
  // holds the term.
  ctes.push(`${prefix}_frequent AS MATERIALIZED (
    SELECT t.term, t.query::tsquery AS query, found.ids FROM ${prefix}_terms t CROSS JOIN LATERAL (
      SELECT array_agg(${table.id}) AS ids FROM (SELECT ${table.id} FROM (
          SELECT ${table.key}, ${index.vector} FROM ${table.table} WHERE ${table.budget} ORDER BY ${table.newest}
          LIMIT ${RECENT_WINDOW}) recent
        WHERE ts_match_vq(${index.vector}, t.query::tsquery) ORDER BY ${table.newest}
        LIMIT ${RECENT_PER_FREQUENT_TERM}) newest) found
    WHERE t.rarity <= ${FREQUENT_TERMS_USED} AND NOT EXISTS (SELECT 1 FROM ${prefix}_rare))`);
  ctes.push(`${prefix}_recent AS (
    SELECT id, count(*)::float8 AS score FROM (
      SELECT unnest(ids) AS id FROM ${prefix}_frequent WHERE cardinality(ids) >= ${RECENT_PER_FREQUENT_TERM}
      UNION ALL
      SELECT sparse.id FROM ${prefix}_frequent t CROSS JOIN LATERAL (
        SELECT id FROM (SELECT ${table.id} AS id FROM ${table.table} WHERE ${table.filter} AND ${index.vector} @@ t.query
          OFFSET 0) matches ORDER BY id DESC LIMIT ${RECENT_PER_FREQUENT_TERM}) sparse
      WHERE coalesce(cardinality(t.ids), 0) < ${RECENT_PER_FREQUENT_TERM}
    ) hits GROUP BY id)`);
  return {
    prefix,
    queries,
    ctes: ctes.join(',\n'),
    scores: `SELECT id, score FROM ${prefix}_ranked UNION ALL SELECT id, score FROM ${prefix}_recent`,
  };
}
