import type { SearchTerm } from '../../spec/memory-store.js';
import { type Bm25Corpus, fieldTokens, fts5Bm25 } from './fts5-bm25.js';
import type { Sql } from './postgres-guard.js';
import { toTsquery } from './to-tsquery.js';

/** One index of a table (the words or the grams of facts or of turns): where its fields, length and vector are. */
export interface Bm25Table<Field extends string> {
  /** The qualified table. */
  table: string;
  id: string;
  /** The column of each field. */
  columns: Readonly<Record<Field, string>>;
  /** The row's token count over all its fields, plus one for the scope or session (FTS5 indexed it as a column). */
  length: string;
  vector: string;
  /** The rows the index holds (FTS5's table: live facts only). */
  indexed: string;
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
 * Rows of a table that hold a term as FTS5 would match it (the phrase in one of the term's fields): the GIN index on
 * the vector narrows to rows holding every token, then `strpos` on the space-padded fields checks the order. The
 * pattern needs no escaping: `strpos` compares plain text.
 */
export function termCondition<Field extends string>(
  index: Bm25Table<Field>,
  term: SearchTerm<Field>,
  values: unknown[],
): string {
  const parts: string[] = [];
  const query = toTsquery(term);
  if (query !== null) {
    values.push(query);
    parts.push(`${index.vector} @@ $${values.length}::tsquery`);
  }
  values.push(` ${term.tokens.join(' ')}${term.prefix ? '' : ' '}`);
  const pattern = `$${values.length}`;
  parts.push(
    `(${term.fields.map((field) => `strpos(' ' || ${index.columns[field]} || ' ', ${pattern}) > 0`).join(' OR ')})`,
  );
  return `(${parts.join(' AND ')})`;
}

/** How many rows of the index hold the term; counting stops at `cap` when one is given. */
export async function documentFrequency<Field extends string>(
  sql: Sql,
  index: Bm25Table<Field>,
  term: SearchTerm<Field>,
  cap?: number,
): Promise<number> {
  const values: unknown[] = [];
  const condition = termCondition(index, term, values);
  const limit = cap === undefined ? '' : ` LIMIT ${Math.floor(cap)}`;
  const [row] = await sql.query<{ n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${index.table} WHERE ${index.indexed} AND ${condition}${limit}) hits`,
    values,
  );
  return row?.n ?? 0;
}

/**
 * Ranks the rows within `filter` (a scope, a session) that hold any of the terms, by FTS5's bm25 over the whole index
 * (its row count, mean length and each term's document frequency, as FTS5 counts them), best first, at most `limit`.
 */
export async function rankBm25<Field extends string>(
  sql: Sql,
  index: Bm25Table<Field>,
  terms: ReadonlyArray<SearchTerm<Field>>,
  weights: Readonly<Record<Field, number>>,
  filter: Condition,
  limit: number,
): Promise<Bm25Hit[]> {
  if (terms.length === 0) return [];
  const values = [...filter.values];
  const conditions = terms.map((term) => termCondition(index, term, values));
  const fields = Object.keys(index.columns) as Field[];
  const rows = await sql.query<Record<string, string | number>>(
    `SELECT ${index.id} AS id, ${index.length} AS length, ${fields.map((field) => `${index.columns[field]} AS "${field}"`).join(', ')}
     FROM ${index.table} WHERE ${index.indexed} AND ${filter.sql} AND (${conditions.join(' OR ')})`,
    values,
  );
  if (rows.length === 0) return [];
  const [stats] = await sql.query<{ rows: number; tokens: number }>(
    `SELECT count(*) AS rows, coalesce(sum(${index.length}), 0) AS tokens FROM ${index.table} WHERE ${index.indexed}`,
  );
  const corpusRows = stats?.rows ?? 0;
  const corpus: Bm25Corpus = {
    rows: corpusRows,
    averageLength: corpusRows === 0 ? 1 : (stats?.tokens ?? 0) / corpusRows,
    documentFrequencies: await Promise.all(terms.map((term) => documentFrequency(sql, index, term))),
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
