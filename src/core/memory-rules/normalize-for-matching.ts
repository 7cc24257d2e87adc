import { LETTER_FOLDING } from '../../locales/locale-table.js';
import { SCRIPT } from '../text/scripts.js';
import { LOOK_ALIKE_LETTERS } from './look-alike-letters.js';

// Characters that render as nothing (zero-width spaces and joiners, bidi controls, soft hyphen, variation selectors,
// Hangul fillers, tag characters): inserted between letters they hide a word from a plain search.
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code unit is removed on its own, marks included.
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]|\udb40[\udc00-\udc7f]/g;
// Accents on Latin, Greek and Cyrillic letters (ïgnörë); Japanese voicing marks (U+3099) are not in these ranges.
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
const LOOK_ALIKE = /[\u0250-\u02af\u0370-\u052f\u0530-\u058f\u1d00-\u1d7f\ua720-\ua7ff\u0131]/g;
const HAN = new RegExp(`[${SCRIPT.han}]`, 'gu');
const SINGLE_QUOTES = /[‘’‚‛′`´]/g;
const DOUBLE_QUOTES = /[“”„‟″]/g;
const DASHES = /[‐‑‒–—―−]/g;
const HORIZONTAL_SPACE = /[^\S\n]+/g;
const LINE_BREAKS = /\s*\n\s*/g;
const ALL_SPACE = /\s+/g;

/**
 * The form of a text that rules are matched against: NFKC (full-width and styled letters become plain ones), lower
 * case, invisible characters removed, accents dropped, look-alike Cyrillic/Greek letters folded to Latin,
 * Traditional Chinese folded to Simplified, typographic quotes and dashes made plain, white space collapsed (line
 * breaks kept as one `\n` with `keepLines`; case kept with `keepCase`). For matching only: the stored text is never this. Rules are normalised
 * the same way, so whatever this folds, it folds on both sides. Linear in the length of `text`.
 */
export function normalizeForMatching(text: string, options?: { keepLines?: boolean; keepCase?: boolean }): string {
  const composed = foldLookAlikes(text.replace(INVISIBLE, '').normalize('NFKC'));
  const folded = foldLookAlikes((options?.keepCase ? composed : composed.toLowerCase()).normalize('NFD'))
    .replace(DIACRITICS, '')
    .normalize('NFC')
    .replace(HAN, (letter) => LETTER_FOLDING.get(letter) ?? letter)
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-');
  if (options?.keepLines) return folded.replace(HORIZONTAL_SPACE, ' ').replace(LINE_BREAKS, '\n').trim();
  return folded.replace(ALL_SPACE, ' ').trim();
}

function foldLookAlikes(text: string): string {
  return text.replace(LOOK_ALIKE, (letter) => LOOK_ALIKE_LETTERS[letter] ?? letter);
}
