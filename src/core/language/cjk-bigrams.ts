import { CJK_RUN } from '../text/scripts.js';

const SPACE = 0x20;
/**
 * The characters NFKC turns into or out of a Chinese, Japanese or Korean letter (compatibility ideographs, half-width
 * and circled katakana, squared words, compatibility and half-width Hangul jamo...) and those it composes with the
 * letter before them (kana voicing marks; Hangul conjoining jamo, which decomposed Korean text is written in). Only
 * they make the runs of a text differ from the runs of its normal form, so a text without any (most text, and all
 * emoji) is not normalised: normalising every long turn would cost time for nothing. The test recomputes this class
 * over all of Unicode.
 */
export const CHANGES_CJK_UNDER_NFKC =
  /[\u{1100}-\u{11ff}\u{2e9f}\u{2ef3}\u{2f00}-\u{2fd5}\u{3038}-\u{303a}\u{3099}-\u{309a}\u{309f}\u{30ff}\u{3131}-\u{318e}\u{3192}-\u{319f}\u{3200}-\u{321e}\u{3220}-\u{3247}\u{3260}-\u{327e}\u{3280}-\u{32b0}\u{32c0}-\u{32cb}\u{32d0}-\u{3370}\u{337b}-\u{337f}\u{33e0}-\u{33fe}\u{a960}-\u{a97f}\u{d7b0}-\u{d7ff}\u{f900}-\u{fa0d}\u{fa10}\u{fa12}\u{fa15}-\u{fa1e}\u{fa20}\u{fa22}\u{fa25}-\u{fa26}\u{fa2a}-\u{fa6d}\u{fa70}-\u{fad9}\u{ff66}-\u{ff9f}\u{ffa0}-\u{ffbe}\u{ffc2}-\u{ffc7}\u{ffca}-\u{ffcf}\u{ffd2}-\u{ffd7}\u{ffda}-\u{ffdc}\u{1f200}-\u{1f202}\u{1f210}-\u{1f23b}\u{1f240}-\u{1f248}\u{1f250}-\u{1f251}\u{2f800}-\u{2fa1d}]/u;
const utf16 = new TextDecoder('utf-16le');

/**
 * The index form of a text's Chinese/Japanese runs: overlapping character bigrams, space-separated, so that
 * a store indexes each bigram as a token. Any word of 2+ characters inside a longer run is then
 * a phrase of consecutive bigrams (a two-character word finds every run that contains it), fully indexed. Each run's last
 * character is also indexed alone, so that a 1-character query (a prefix search over the bigrams) finds it too.
 *
 * Written into one buffer of UTF-16 units (a run of n characters takes at most 3n + 2), not as n small strings
 * joined: a long turn is indexed inside the store's write transaction, which n small strings would hold far longer.
 */
export function cjkBigrams(text: string): string {
  // Han, kana and Hangul have no case: lower-casing changes no run.
  const runs = (CHANGES_CJK_UNDER_NFKC.test(text) ? text.normalize('NFKC') : text).match(CJK_RUN);
  if (runs === null) return '';
  const units = new Uint16Array(runs.reduce((total, run) => total + run.length * 3 + 2, 0));
  let length = 0;
  const copy = (run: string, start: number, end: number) => {
    for (let index = start; index < end; index += 1) units[length++] = run.charCodeAt(index);
  };
  for (const run of runs) {
    // A match of CJK_RUN holds whole code points: a high surrogate is always followed by its low one.
    let previous = -1;
    let index = 0;
    while (index < run.length) {
      const width = isHighSurrogate(run.charCodeAt(index)) ? 2 : 1;
      if (previous >= 0) {
        if (length > 0) units[length++] = SPACE;
        copy(run, previous, index + width);
      }
      previous = index;
      index += width;
    }
    if (length > 0) units[length++] = SPACE;
    copy(run, previous, run.length);
  }
  return utf16.decode(units.subarray(0, length));
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * The search form of one Chinese/Japanese/Korean word, in the tokens `cjkBigrams` indexes: its bigrams in order (a
 * phrase), or for one character that character as a prefix of the bigrams it starts. Null for a blank word.
 */
export function cjkWordGrams(word: string): { tokens: string[]; prefix: boolean } | null {
  const characters = Array.from(word.normalize('NFKC').toLowerCase()).filter((character) => /\S/u.test(character));
  if (characters.length === 0) return null;
  if (characters.length === 1) return { tokens: [characters[0] ?? ''], prefix: true };
  const grams: string[] = [];
  for (let index = 0; index + 1 < characters.length; index += 1) {
    grams.push(`${characters[index]}${characters[index + 1]}`);
  }
  return { tokens: grams, prefix: false };
}
