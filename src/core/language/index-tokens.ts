import { foldCase } from './fold-text.js';
import { porterStem } from './porter-stem.js';

/**
 * The combining marks dropped from inside a word (the accents of Latin letters: grave to caron, cedilla, ogonek...),
 * as FTS5's `unicode61 remove_diacritics 2` dropped them when it tokenized for the index. Other marks separate words.
 */
const DROPPED_MARKS = /[\u0300-\u0304\u0306-\u030c\u030f\u0311\u031b\u0323-\u0328\u032d\u032e\u0330\u0331]/gu;
/** Latin letters that may carry an accent: only they lose it (a Cyrillic й or a Greek ά keeps its own). */
const ACCENTED_LATIN = /[\u00c0-\u024f\u1e00-\u1eff]/gu;
const MAY_CARRY_ACCENT = /[\u00c0-\u024f\u1e00-\u1eff]|[\u0300-\u036f]/u;
/**
 * New Tai Lue vowel signs, letters since Unicode 8 but marks in Unicode 6.1, whose tables FTS5's tokenizer uses:
 * they separate words, as they did in the index.
 */
const SEPARATING_LETTERS = /[\u19b0-\u19c0\u19c8\u19c9\u1cf2\u1cf3]/gu;
const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
/** Stems of the words seen lately: a word recurs across messages, facts and turns; bounded. */
const STEMS = new Map<string, string>();
const STEMS_KEPT = 20_000;

/**
 * The index tokens of a text, in order: folded (NFKC, lower case, Latin accents off), split at anything that is not a
 * letter or a digit, each word stemmed with Porter's algorithm. The one definition of a word for full-text search:
 * the index documents and the search queries are both made of these tokens, so that a store only compares them.
 * Chinese and Japanese runs are tokens here like any word (they are searched by their bigrams, `cjkBigrams`).
 */
export function indexTokens(text: string): string[] {
  let folded = foldCase(text);
  if (MAY_CARRY_ACCENT.test(folded)) {
    folded = folded
      .replace(ACCENTED_LATIN, (letter) => letter.normalize('NFD').replace(DROPPED_MARKS, ''))
      .replace(DROPPED_MARKS, '');
  }
  const words = folded.replace(SEPARATING_LETTERS, ' ').match(TOKEN);
  if (words === null) return [];
  return words.map(stem);
}

function stem(word: string): string {
  const known = STEMS.get(word);
  if (known !== undefined) return known;
  const stemmed = porterStem(word);
  // Forgetting them all at once keeps this a plain map: the common words are back within a message or two.
  if (STEMS.size >= STEMS_KEPT) STEMS.clear();
  STEMS.set(word, stemmed);
  return stemmed;
}
