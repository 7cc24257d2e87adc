import type { IndexStemmer } from '../../locales/locale-table.js';
import { chooseIndexStemmer } from './choose-index-stemmer.js';
import { foldCase } from './fold-text.js';

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
const SEPARATING_LETTERS = /[\u19b0-\u19c0\u19c8\u19c9\u1cf2\u1cf3]/u;
const WORD_CHARACTER = /^[\p{L}\p{N}\p{Co}]$/u;
/** Whether each BMP character is part of a word (1) or not (2), learnt on first sight (0): a regex per character
 * was most of the time of a 200,000-character turn. */
const KIND = new Uint8Array(0x10000);

/**
 * The index tokens of a text, in order: its words (`indexWords`), each stemmed by the stemmer of the text's language
 * (`chooseIndexStemmer`: the Latin-script pack whose stop words it uses most), or by `stemmer` when one is given (a
 * query word is searched under each). The one definition of a token for full-text search: the index documents and
 * the search queries are both made of these tokens, so that a store only compares them. Chinese and Japanese runs
 * are tokens here like any word (they are searched by their bigrams, `cjkBigrams`).
 */
export function indexTokens(text: string, stemmer?: IndexStemmer): string[] {
  const words = indexWords(text);
  const { stem } = stemmer ?? chooseIndexStemmer(words);
  for (let index = 0; index < words.length; index += 1) words[index] = stem(words[index] as string);
  return words;
}

/**
 * The words of a text, in order, before stemming: folded (NFKC, lower case, Latin accents off, so that "malaga" is
 * "Málaga"), split at anything that is not a letter or a digit.
 */
export function indexWords(text: string): string[] {
  const folded = dropLatinAccents(foldCase(text));
  const words: string[] = [];
  let start = -1;
  for (let index = 0; index <= folded.length; index += 1) {
    const width = index < folded.length ? wordCharacterWidth(folded, index) : 0;
    if (width > 0) {
      if (start < 0) start = index;
      index += width - 1;
    } else if (start >= 0) {
      words.push(folded.slice(start, index));
      start = -1;
    }
  }
  return words;
}

/** A folded text without the accents of its Latin letters, as FTS5's `remove_diacritics 2` dropped them. */
export function dropLatinAccents(folded: string): string {
  if (!MAY_CARRY_ACCENT.test(folded)) return folded;
  return folded
    .replace(ACCENTED_LATIN, (letter) => letter.normalize('NFD').replace(DROPPED_MARKS, ''))
    .replace(DROPPED_MARKS, '');
}

/** The UTF-16 length of the word character at `index` (2 outside the BMP), or 0 when it separates words. */
function wordCharacterWidth(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) ? 1 : 0;
  if (unit >= 0xd800 && unit <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return 0;
    return WORD_CHARACTER.test(text.slice(index, index + 2)) ? 2 : 0;
  }
  let kind = KIND[unit] ?? 0;
  if (kind === 0) {
    const character = String.fromCharCode(unit);
    kind = WORD_CHARACTER.test(character) && !SEPARATING_LETTERS.test(character) ? 1 : 2;
    KIND[unit] = kind;
  }
  return kind === 1 ? 1 : 0;
}
