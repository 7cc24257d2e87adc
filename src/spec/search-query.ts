/**
 * The words of a message to search for (`buildFactQuery`), as a person would read them: the core turns them into a
 * `SearchQuery` of index tokens (`buildSearchQuery`) for a store.
 */
export interface FactQuery {
  /** Words of space-separated scripts (lower-cased, stop words removed). */
  words: string[];
  /** Runs of Chinese/Japanese text (each at least one character). */
  cjk: string[];
  /**
   * Calendar terms of the dates the text names (`y2023`, `m202305`, `mmay`, see `dateTerms`), matched against when
   * each fact or turn was stored. Absent or empty: no date.
   */
  dates?: string[] | undefined;
  /**
   * The languages (locale codes) whose index stems `words` are searched under besides the default's (English, which
   * also finds rows indexed before documents were stemmed by language): those whose stop words the message uses,
   * every stemming language when it uses none (`buildFactQuery`; decision 30). Absent: every stemming language.
   */
  stemmedAs?: string[] | undefined;
}

/**
 * What a store indexes for one fact or one turn, decided by the core (`buildFactDocument`, `buildTurnDocument`).
 * Each field is its tokens in text order, already normalised (folded, stemmed, Chinese/Japanese/Korean characters
 * paired), separated by single spaces: a string rather than an array, so that a long turn is not a million small
 * strings. A store writes the fields as they are and splits them at spaces only: it folds, stems and splits nothing
 * of its own, so two stores rank the same documents the same way.
 */
export interface IndexDocument {
  /** Words: the fact's or turn's own text, its context (the texts around it), its calendar terms (`dateTerms`). */
  words: { text: string; context: string; dated: string };
  /** Character bigrams (`cjkBigrams`) of the text and of the context. */
  grams: { text: string; context: string };
}

/**
 * A full-text search over index documents, in index tokens (`buildSearchQuery`): a store only matches them. Each of
 * `words` and `grams` is ranked on its own, by bm25 over its fields with their weights; a hit found by both adds up
 * its two relevances.
 */
export interface SearchQuery {
  words: FieldSearch<keyof IndexDocument['words']>;
  grams: FieldSearch<keyof IndexDocument['grams']>;
}

export interface FieldSearch<Field extends string> {
  /** The bm25 weight of each field (a field of weight 0 only filters). */
  weights: Readonly<Record<Field, number>>;
  /** Any of them matches (an OR); none: this part is not searched. */
  terms: ReadonlyArray<SearchTerm<Field>>;
}

export interface SearchTerm<Field extends string> {
  /** Index tokens that follow one another in one of `fields` (one token: a word; more: a phrase). Never empty. */
  tokens: readonly string[];
  /** The last token matches any token it starts (a lone Chinese character finds every bigram it begins). */
  prefix?: boolean | undefined;
  fields: readonly Field[];
}
