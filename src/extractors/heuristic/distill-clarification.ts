import { countGraphemes } from '../../core/text/count-graphemes.js';
import { UNSPACED_LETTERS } from '../../core/text/scripts.js';
import { stripSenderMetadata } from '../../core/text/strip-sender-metadata.js';
import { truncateGraphemes } from '../../core/text/truncate-graphemes.js';
import { extractionAlternation as alternation } from '../../locales/locale-table.js';
import { cleanSentence } from './clean-sentence.js';
import { joinSentences } from './join-sentences.js';
import { leadingSentences } from './leading-sentences.js';
import { stripCourtesy } from './strip-courtesy.js';

const UNSPACED_LETTERS_GLOBAL = new RegExp(`[${UNSPACED_LETTERS}]`, 'gu');

export interface DistillClarificationOptions {
  /** Cap on the question quoted before the answer, in grapheme clusters (at most half of `maxAnswerLength`). */
  maxQuestionLength: number;
  /** Cap on the whole clarification, question and answer, in grapheme clusters. */
  maxAnswerLength: number;
}

const APPROVAL_EMOJI = /^(?:👍|👌|✅|✔|☑|🆗|\ufe0f|[\u{1F3FB}-\u{1F3FF}]|\s)+$/u;
// The user leaving the question behind ("never mind", "actually, can you…"), in any pack's words.
const CHANGES_SUBJECT = new RegExp(`^(?:${alternation((extraction) => extraction.changesSubject)})`, 'iu');
const QUESTION = /[?？]\s*$/;
// An answer is read from its start: what matters of it fits in the pin's few hundred characters.
const LONGEST_ANSWER = 4_000;

/**
 * The user's answer to a clarifying question, as a short statement for the pin: always `Question → answer`, because an
 * answer ("keep it, we rely on offline mode", "yes", "option C") says what it keeps only with the question it answers. The
 * question takes at most half of `maxAnswerLength` (and `maxQuestionLength`), the answer the rest; both are cut on
 * grapheme boundaries. A short one-sentence answer loses its closing punctuation. Null when the text is no answer:
 * small talk only, a counter-question, or a change of subject.
 */
export function distillClarification(
  question: string,
  userText: string,
  options: DistillClarificationOptions,
): string | null {
  const text = stripSenderMetadata(userText).trim();
  if (text === '' || CHANGES_SUBJECT.test(text)) return null;
  const sentences = APPROVAL_EMOJI.test(text)
    ? [text.replace(/\s+/g, '')]
    : leadingSentences(text, LONGEST_ANSWER)
        .map((sentence) => stripCourtesy(cleanSentence(sentence)))
        .filter((sentence) => sentence !== '');
  if (sentences.length === 0 || sentences.every((sentence) => QUESTION.test(sentence))) return null;
  const questionRoom = Math.min(options.maxQuestionLength, Math.floor(options.maxAnswerLength / 2));
  const quoted = truncateGraphemes(cleanSentence(question), questionRoom);
  const answerRoom = quoted === '' ? options.maxAnswerLength : options.maxAnswerLength - countGraphemes(quoted) - 3;
  const answer = truncateGraphemes(joinSentences(sentences), Math.max(1, answerRoom));
  const bare = sentences.length === 1 && isShort(answer) ? answer.replace(/[.。!！]+$/u, '') : answer;
  return quoted === '' ? bare : `${quoted} → ${bare}`;
}

/** About five words: Latin words count one, CJK characters half (two characters carry about a word). */
function isShort(answer: string): boolean {
  const latinWords = answer.replace(UNSPACED_LETTERS_GLOBAL, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  const wideCharacters = answer.match(UNSPACED_LETTERS_GLOBAL)?.length ?? 0;
  return latinWords + wideCharacters / 2 <= 5;
}
