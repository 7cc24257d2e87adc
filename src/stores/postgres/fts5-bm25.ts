/** A search term as bm25 reads it: tokens that follow one another (the last one a prefix or not), in some fields. */
export interface Bm25Term<Field extends string> {
  tokens: readonly string[];
  prefix?: boolean | undefined;
  fields: readonly Field[];
}

/** What bm25 needs of the whole index: its row count, its mean row length, and per term the rows holding it. */
export interface Bm25Corpus {
  rows: number;
  averageLength: number;
  /** Per term, in the query's order: how many rows hold it in its fields. */
  documentFrequencies: readonly number[];
}

const K1 = 1.2;
const B = 0.75;

/**
 * How many times the phrase occurs in a field's tokens: each position where it starts counts (overlapping ones too),
 * as FTS5 counts a phrase's instances. A prefix term's last token matches any token it starts.
 */
export function phraseHits(
  field: readonly string[],
  term: { tokens: readonly string[]; prefix?: boolean | undefined },
) {
  const { tokens } = term;
  const last = tokens.length - 1;
  let hits = 0;
  for (let start = 0; start + last < field.length; start += 1) {
    let matches = true;
    for (let index = 0; index <= last && matches; index += 1) {
      const token = field[start + index] as string;
      const wanted = tokens[index] as string;
      matches = index === last && term.prefix ? token.startsWith(wanted) : token === wanted;
    }
    if (matches) hits += 1;
  }
  return hits;
}

/** A field's tokens, as the index splits it (at single spaces). */
export function fieldTokens(field: string): string[] {
  return field === '' ? [] : field.split(' ').filter((token) => token !== '');
}

/**
 * A row's bm25 score exactly as SQLite's FTS5 `bm25()` computes it (positive here: higher is better). For each term
 * i, IDF_i = ln((N - n_i + 0.5) / (n_i + 0.5)), 1e-6 when not positive; its weighted hits w_i = the sum over its
 * fields of the field's weight times the term's hits there; the score is the sum of
 * IDF_i * w_i * (k1 + 1) / (w_i + k1 * (1 - b + b * |D| / avgdl)), with k1 = 1.2, b = 0.75 and |D| the row's token
 * count over all its columns.
 */
export function fts5Bm25<Field extends string>(
  corpus: Bm25Corpus,
  row: { length: number; fields: Readonly<Record<Field, readonly string[]>> },
  terms: ReadonlyArray<Bm25Term<Field>>,
  weights: Readonly<Record<Field, number>>,
): number {
  const norm = K1 * (1 - B + (B * row.length) / corpus.averageLength);
  let score = 0;
  terms.forEach((term, index) => {
    const documents = corpus.documentFrequencies[index] ?? 0;
    let idf = Math.log((corpus.rows - documents + 0.5) / (documents + 0.5));
    if (idf <= 0) idf = 1e-6;
    let frequency = 0;
    for (const field of term.fields) frequency += weights[field] * phraseHits(row.fields[field], term);
    score += (idf * (frequency * (K1 + 1))) / (frequency + norm);
  });
  return score;
}
