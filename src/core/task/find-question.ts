import { PLEASANTRIES, SELF_ANSWERS } from '../../locales/locale-table.js';
import { foldToWords } from '../language/fold-text.js';
import { splitSentences } from '../text/split-sentences.js';

// A `?` in these is not the assistant asking anything.
const INLINE_CODE = /(`+)[^\n]{0,1000}?\1/g;
const URL = /\b(?:https?:\/\/|www\.)[^\s<>"`]+/gi;
const QUOTED = [
  /"[^"\n]{0,500}"/g,
  /“[^”\n]{0,500}”/g,
  /「[^」\n]{0,500}」/g,
  /『[^』\n]{0,500}』/g,
  /(^|[\s(])'[^'\n]{0,500}'(?=$|[\s.,;:!?)])/g,
];
const ENDS_WITH_QUESTION_MARK = /[?？][?？!！]*$/;
const LIST_MARKER = /^(?:[-*+•・]\s+|\d{1,3}[.)]\s+|\d{1,3}、\s*)/;

const LONGEST_PLEASANTRY = 120;

/**
 * Did this assistant turn ask the user a real question? Returns the last real question sentence (without a list
 * marker), or null. Not questions: a `?` in a URL, in code or in a quoted string; headings and block quotes;
 * closing pleasantries ("Anything else?", in any pack's words); a question the assistant answers itself in the next
 * sentence.
 */
export function findQuestion(assistantText: string): string | null {
  const sentences = splitSentences(assistantText);
  for (let index = sentences.length - 1; index >= 0; index -= 1) {
    const sentence = sentences[index] as string;
    // A question mark closes the sentence, give or take closing quotes and brackets: a cheap check before the rest.
    if (!/[?？]/.test(sentence.slice(-12)) || /^(?:```|~~~|>|#{1,6}\s)/.test(sentence)) continue;
    if (!ENDS_WITH_QUESTION_MARK.test(proseOnly(sentence))) continue;
    const question = sentence
      .replace(LIST_MARKER, '')
      .trim()
      .replace(/^(\*\*|__)(.+)\1$/s, '$2');
    if (isPleasantry(question)) continue;
    const next = sentences[index + 1];
    if (next !== undefined) {
      const start = next.replace(/^[*_\s]+/, '');
      if (SELF_ANSWERS.some((selfAnswer) => selfAnswer.test(start))) continue;
    }
    return question;
  }
  return null;
}

/** The sentence without code, URLs (their trailing punctuation stays), quoted strings and closing brackets. */
function proseOnly(sentence: string): string {
  let prose = sentence.replace(INLINE_CODE, ' ').replace(URL, (url) => /[.,;:!?？)]*$/.exec(url)?.[0] ?? '');
  for (const quoted of QUOTED) {
    prose = prose.replace(quoted, (_match, lead: unknown) => `${typeof lead === 'string' ? lead : ''} `);
  }
  return prose.replace(/[\s*_)）\]】」』"'”’]+$/, '');
}

function isPleasantry(question: string): boolean {
  if (question.length > LONGEST_PLEASANTRY) return false;
  const normalized = foldToWords(question, { apostrophes: true });
  // Chinese and Japanese are matched without spaces.
  const compact = normalized.replace(/(?<=[^a-z0-9]) (?=[^a-z0-9])/g, '');
  return PLEASANTRIES.some((pattern) => pattern.test(normalized) || pattern.test(compact));
}
