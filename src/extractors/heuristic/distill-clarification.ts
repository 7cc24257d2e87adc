import { UNSPACED_LETTERS } from '../../core/language/scripts.js';
import { stripSenderMetadata } from '../../core/strip-sender-metadata.js';
import { truncateGraphemes } from '../../core/truncate-graphemes.js';
import { cleanSentence } from './clean-sentence.js';
import { joinSentences } from './join-sentences.js';
import { leadingSentences } from './leading-sentences.js';
import { stripCourtesy } from './strip-courtesy.js';

const UNSPACED_LETTERS_GLOBAL = new RegExp(`[${UNSPACED_LETTERS}]`, 'gu');

export interface DistillClarificationOptions {
  /** Cap on the question when it is quoted before a short answer, in grapheme clusters. */
  maxQuestionLength: number;
  /** Cap on the answer, in grapheme clusters. */
  maxAnswerLength: number;
}

// An answer that opens with one of these means little without its question: "yes", "option C", "是的", "はい".
const ANSWER_WORD =
  /^(?:yes|yeah|yep|yup|sure|ok|okay|no|nope|nah|please do|go ahead|do it|both|neither|either|none|all of them|the (?:first|second|third|last|former|latter)(?: one)?|option\s*\w+|\w\)|是的|是|对|對|好的|好|可以|行|要|不要|不用|不需要|不|没错|沒錯|嗯|都要|都不要|选|選|方案|はい|いいえ|うん|ええ|お願いします|大丈夫|結構です|いいです|そうです|違います|両方)(?![\p{L}\p{N}])|^(?:是的|对|對|好的|可以|不要|不用|不需要|没错|沒錯|嗯|选|選|はい|いいえ|うん|ええ|両方)/iu;
const APPROVAL_EMOJI = /^(?:👍|👌|✅|✔|☑|🆗|\ufe0f|[\u{1F3FB}-\u{1F3FF}]|\s)+$/u;
// The user leaving the question behind: "never mind", "actually, can you…", "算了", "ところで".
const CHANGES_SUBJECT =
  /^(?:never ?mind|nvm|forget (?:it|that|about)|actually,? (?:let's|can you|could you|forget)|by the way|btw|unrelated|different question|another question|on another note|new question|switching gears|instead,? (?:can|could) you|算了|不管了|别管|別管|换个|換個|另一个问题|另一個問題|顺便问|順便問|题外话|題外話|ところで|それより|話は変わ|別の質問|やっぱりいい)/iu;
const QUESTION = /[?？]\s*$/;
// An answer is read from its start: what matters of it fits in the pin's few hundred characters.
const LONGEST_ANSWER = 4_000;

/**
 * The user's answer to a clarifying question, as a short statement for the pin. A short answer ("yes", "option C",
 * "是的", "はい", up to about five words) is quoted with its question, `Question? → answer`, and so is a longer one that
 * opens with a bare yes or no; otherwise the answer's meaningful sentences. Null when the text is no answer: small
 * talk only, a counter-question, or a change of subject.
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
  const answer = truncateGraphemes(joinSentences(sentences), options.maxAnswerLength);
  if (!isShort(answer) && !ANSWER_WORD.test(answer)) return answer;
  const quoted = truncateGraphemes(cleanSentence(question), options.maxQuestionLength);
  const bare = sentences.length === 1 && isShort(answer) ? answer.replace(/[.。!！]+$/u, '') : answer;
  return `${quoted} → ${bare}`;
}

/** About five words: Latin words count one, CJK characters half (two characters carry about a word). */
function isShort(answer: string): boolean {
  const latinWords = answer.replace(UNSPACED_LETTERS_GLOBAL, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  const wideCharacters = answer.match(UNSPACED_LETTERS_GLOBAL)?.length ?? 0;
  return latinWords + wideCharacters / 2 <= 5;
}
