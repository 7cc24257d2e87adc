import { SMALL_TALK } from '../../locales/locale-table.js';
import { foldToWords } from '../language/fold-text.js';
import { CJK_LETTER } from '../text/scripts.js';

const bySpecificity = (left: string, right: string) => right.length - left.length;
const smallTalk = (wholeWords: boolean): string[] =>
  SMALL_TALK.filter((words) => words.wholeWords === wholeWords)
    .flatMap((words) => words.phrases)
    .sort(bySpecificity);
// Phrases of unspaced scripts first, then whole words of spaced ones, each the longest first.
const SMALL_TALK_HEAD = new RegExp(
  `^(?:${smallTalk(false).join('|')}|(?:${smallTalk(true).join('|')})(?![\\p{L}\\p{N}']))\\s*`,
  'u',
);
// Small talk is short: past this many characters a message is taken as content without further checks.
const LONGEST_SMALL_TALK = 160;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * False for small talk and acknowledgements that carry no durable information ("thanks!", "ok", "👍", in any pack's
 * words: `smallTalk`), for blank text and for very short text; true for anything with content.
 */
export function isSubstantive(userText: string): boolean {
  const text = userText.trim();
  if (text.length > LONGEST_SMALL_TALK) return true;
  // Letters and digits only; a CJK character weighs two, as it carries about a word.
  // Counted up to the threshold only, a character at a time (no match object per letter: this runs on every turn).
  let weight = 0;
  for (const char of text) {
    if (!LETTER_OR_DIGIT.test(char)) continue;
    weight += CJK_LETTER.test(char) ? 2 : 1;
    if (weight >= 4) break;
  }
  if (weight < 4) return false;
  let rest = foldToWords(text, { apostrophes: true });
  while (rest !== '') {
    const head = SMALL_TALK_HEAD.exec(rest);
    if (head === null || head[0] === '') return true;
    rest = rest.slice(head[0].length).replace(/^[\s']+/, '');
  }
  return false;
}
