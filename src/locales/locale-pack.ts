/**
 * All that memstack knows about one language, in one object: the words and rules its shared logic reads. Each locale
 * is a folder of `src/locales/` exporting one pack, registered in `locale-table.ts`; the logic in `src/core/` and
 * `src/extractors/` holds no word of any language and reads the packs through the table (decision 30).
 * A field a language has no knowledge for is left out (Korean has no stemmer), never filled with another language's.
 */
export interface LocalePack {
  /** The BCP 47 language subtag: `en`, `zh`, `ja`, `ko`. */
  readonly code: string;
  /** The language's English name, for messages and docs. */
  readonly name: string;
  /** How the language is searched: what a query drops, how a word is brought to its index form. */
  readonly search: LocaleSearch;
}

/** The search knowledge of a language (decisions 3 and 15). */
export interface LocaleSearch {
  /**
   * Function words and chat filler, as the query builder splits a message (Chinese and Japanese as the ICU word
   * segmenter returns them, Korean without particles), and the question words: they match everything, and an answer
   * names what was asked about, never "which" or "how many". Never searched.
   */
  readonly stopWords: readonly string[];
  /**
   * Words that point back at the conversation without naming a topic ("what did we decide?"): a message made of them
   * alone asks for what was recently in play, not for a search.
   */
  readonly pastReferenceWords: readonly string[];
  /** Words never searched by their shape (Japanese particles and endings of one or two hiragana). */
  readonly ignoredWord?: RegExp;
  /**
   * A word without what its language attaches to it that the stored text may not share (a Korean particle):
   * applied to each segmented word of a query. Returns any other word as it is.
   */
  readonly stripAffix?: (word: string) => string;
  /**
   * The stemmer of the full-text index, run on each folded word of every document and every query: the index has
   * exactly one (a change of it changes stored tokens; decision 30 says how old rows stay findable).
   */
  readonly indexStem?: (word: string) => string;
}
