/** A phrase as data: word lists that must appear in this order, each close to the one before. */
export interface PhraseRule {
  /** Each part matches any one of its entries (entries as `compileWordList` reads them). */
  readonly parts: ReadonlyArray<ReadonlyArray<string>>;
  /** Most characters between two consecutive parts, never across a sentence end (default 3). */
  readonly gap?: number;
  /** Where the first part must be: anywhere (default), at the start of the text, or at the start of a sentence. */
  readonly anchor?: 'anywhere' | 'text' | 'sentence';
}
