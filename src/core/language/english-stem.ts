import { DEFAULT_INDEX_STEMMER } from '../../locales/locale-table.js';

/**
 * A prefix that every inflection of the word starts with, from its stem by the index's default stemmer
 * (`DEFAULT_INDEX_STEMMER`, Porter's): without the `i`
 * or `e` Porter ends some stems with ("studies" → "studi" → "stud", finding "study" and "studied"; "releases" →
 * "releas"), and never longer than what the word itself starts with. Words of four letters or fewer are their own
 * prefix ("uses" stems to "us", which starts far too many words). For finding a word in a text by a pattern.
 */
export function stemPrefix(word: string): string {
  if (word.length <= 4) return word;
  const stem = DEFAULT_INDEX_STEMMER.stem(word);
  const trimmed = stem.length > 4 && /[ie]$/u.test(stem) ? stem.slice(0, -1) : stem;
  let length = 0;
  while (length < trimmed.length && trimmed[length] === word[length]) length += 1;
  // "flies" stems to "fli", which "flies" starts with; a stem it does not start with at all leaves the word whole.
  return length >= 4 ? word.slice(0, length) : word;
}
