import type { SearchTerm } from '../../spec/memory-store.js';
import { type Bm25Corpus, fieldTokens, fts5Bm25 } from './fts5-bm25.js';
import type { Sql } from './postgres-guard.js';
import { toTsquery } from './to-tsquery.js';

/** One index of a table (the words or the grams of facts or of turns): where its fields, length and vector are. */
export interface Bm25Table<Field extends string> {
  /** The qualified table. */
  table: string;
  id: string;
  /** The column of each field, in the order `index_vector` was given them (a lexeme's field number). */
  columns: Readonly<Record<Field, string>>;
  /** The row's token count over all its fields, plus one for the scope or session (FTS5 indexed it as a column). */
  length: string;
  vector: string;
  /** The rows the index holds (FTS5's table: live facts only). */
  indexed: string;
  /** Where its row and token counts are kept (`index_stats`), under which name, in which column. */
  stats: { table: string; name: 'facts' | 'turns'; tokens: 'words_tokens' | 'grams_tokens' };
}

export interface Bm25Hit {
  id: number;
  score: number;
}

/** A WHERE condition with its values, numbered from `$${first}`. */
interface Condition {
  sql: string;
  values: unknown[];
}

/**
 * Rows of a table that hold a term as FTS5 would match it (the phrase in one of the term's fields). A one-token term
 * is matched exactly by the GIN index of the vector (its lexemes name their field); a phrase is narrowed to the rows
 * holding its tokens there, then `strpos` on the space-padded fields checks their order (it compares plain text: the
 * pattern needs no escaping).
 */
export function termCondition<Field extends string>(
  index: Bm25Table<Field>,
  term: SearchTerm<Field>,
  values: unknown[],
): string {
  const parts: string[] = [];
  const order = Object.keys(index.columns);
  const query = toTsquery(
    term,
    term.fields.map((field) => order.indexOf(field)),
  );
  if (query !== null) {
    values.push(query.query);
    parts.push(`${index.vector} @@ $${values.length}::tsquery`);
  }
  if (query === null || !query.exact || term.tokens.length > 1) {
    values.push(` ${term.tokens.join(' ')}${term.prefix ? '' : ' '}`);
    const pattern = `$${values.length}`;
    parts.push(
      `(${term.fields.map((field) => `strpos(' ' || ${index.columns[field]} || ' ', ${pattern}) > 0`).join(' OR ')})`,
    );
  }
  return `(${parts.join(' AND ')})`;
}

/**
 * How many rows of the index hold each term (counting stops at `cap` when one is given), and, with `corpus`, the
 * index's row count and token count (kept by triggers in `index_stats`, exact in this transaction): one statement.
 */
async function countTerms<Field extends string>(
  sql: Sql,
  index: Bm25Table<Field>,
  terms: ReadonlyArray<SearchTerm<Field>>,
  options: { cap?: number | undefined; corpus: boolean },
): Promise<{ frequencies: number[]; rows: number; tokens: number }> {
  const values: unknown[] = [];
  const limit = options.cap === undefined ? '' : ` LIMIT ${Math.floor(options.cap)}`;
  const columns = terms.map(
    (term, at) =>
      `(SELECT count(*) FROM (SELECT 1 FROM ${index.table} WHERE ${index.indexed} AND ${termCondition(index, term, values)}${limit}) hits) AS n${at}`,
  );
  if (options.corpus) {
    values.push(index.stats.name);
    columns.push(
      `(SELECT coalesce(sum(rows), 0) FROM ${index.stats.table} WHERE index_name = $${values.length}) AS rows`,
      `(SELECT coalesce(sum(${index.stats.tokens}), 0) FROM ${index.stats.table} WHERE index_name = $${values.length}) AS tokens`,
    );
  }
  if (columns.length === 0) return { frequencies: [], rows: 0, tokens: 0 };
  const [row] = await sql.query<Record<string, number | string>>(`SELECT ${columns.join(', ')}`, values);
  return {
    frequencies: terms.map((_, at) => Number(row?.[`n${at}`] ?? 0)),
    rows: Number(row?.rows ?? 0),
    tokens: Number(row?.tokens ?? 0),
  };
}

/** How many rows of the index hold each term; counting stops at `cap` (FTS5's store counts the same way). */
export async function documentFrequencies<Field extends string>(
  sql: Sql,
  index: Bm25Table<Field>,
  terms: ReadonlyArray<SearchTerm<Field>>,
  cap?: number,
): Promise<number[]> {
  return (await countTerms(sql, index, terms, { cap, corpus: false })).frequencies;
}

/**
 * Ranks the rows within `filter` (a scope, a session) that hold any of the terms, by FTS5's bm25 over the whole index
 * (its row count, mean length and each term's document frequency, as FTS5 counts them), best first, at most `limit`.
 * `frequencies`: the terms' document frequencies when the caller counted them already.
 */
export async function rankBm25<Field extends string>(
  sql: Sql,
  index: Bm25Table<Field>,
  terms: ReadonlyArray<SearchTerm<Field>>,
  weights: Readonly<Record<Field, number>>,
  filter: Condition,
  limit: number,
  frequencies?: readonly number[],
): Promise<Bm25Hit[]> {
  if (terms.length === 0) return [];
  const values = [...filter.values];
  const conditions = terms.map((term) => termCondition(index, term, values));
  const fields = Object.keys(index.columns) as Field[];
  const rows = await sql.query<Record<string, string | number>>(
    `SELECT ${index.id} AS id, ${index.length} AS length,
       ${fields.map((field) => `${index.columns[field]} AS "${field}"`).join(', ')}
     FROM ${index.table} WHERE ${index.indexed} AND ${filter.sql} AND (${conditions.join(' OR ')})`,
    values,
  );
  if (rows.length === 0) return [];
  const counted = await countTerms(sql, index, frequencies ? [] : terms, { corpus: true });
  const corpus: Bm25Corpus = {
    rows: counted.rows,
    averageLength: counted.rows === 0 ? 1 : counted.tokens / counted.rows,
    documentFrequencies: frequencies ?? counted.frequencies,
  };
  const hits = rows.map((row) => {
    const tokens = Object.fromEntries(fields.map((field) => [field, fieldTokens(String(row[field] ?? ''))])) as Record<
      Field,
      string[]
    >;
    return {
      id: Number(row.id),
      score: fts5Bm25(corpus, { length: Number(row.length), fields: tokens }, terms, weights),
    };
  });
  return hits.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
}
