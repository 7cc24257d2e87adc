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

// Closing pleasantries: asking them is politeness, and the reply to one is no answer to remember.
const PLEASANTRIES: readonly RegExp[] = [
  /\banything else\b/,
  /\b(?:any|other|more|further|additional) (?:other |more |further )?questions\b/,
  /^(?:does|did|do|would|will|is) (?:that|this|it|all this|all that) (?:help|make sense|answer|work for you|clarify|clear)/,
  /^(?:make|makes|sound|sounds) (?:sense|good|ok|okay)$/,
  /^(?:ok|okay|alright|all good|clear|good|right)$/,
  /^(?:how|what) (?:else )?(?:can|could|may|shall) i (?:help|do|assist)/,
  /^(?:is there|was there) (?:something|anything) (?:i|we) (?:can|could) (?:help|do|assist)/,
  /^(?:need|want|would you like|do you want|do you need) (?:any )?(?:more|further|other|additional) (?:help|assistance)/,
  /\b(?:let me know|feel free)\b/,
  /^(?:hope|hopefully) (?:that|this|it) helps/,
  /(?:还|還)?有(?:没有|沒有)?(?:其他|其它|别的|別的|什么|什麼|任何)的?(?:问题|問題|疑问|疑問)/,
  /(?:还|還)?有(?:没有|沒有)?(?:其他|其它|别的|別的|什么|什麼|任何)的?(?:需要|事情|事|地方)?我?(?:可以|能|需要|要)?(?:帮|幫|协助|協助|效劳|效勞)/,
  /^(?:请问)?(?:还|還)?(?:有|需要)(?:没有|沒有)?(?:其他|其它|别的|別的|什么|什麼)?的?(?:需要|要求|事|事情)?(?:吗|嗎|么|麼|呢)?$/,
  /(?:这|這|那)(?:样|樣|个|個)?(?:对你)?有?(?:帮助|幫助|帮到|幫到)/,
  /^(?:这样|這樣)?(?:明白|清楚|理解)了?(?:吗|嗎)$/,
  /(?:他|ほか)に(?:何か|なにか|ご質問|質問|ご不明|気になる)/,
  /ご?不明な(?:点|所|ところ)/,
  /(?:何か|なにか)(?:ご)?(?:質問|お手伝い|お困り)/,
  /お役に立て/,
  /^(?:これで|こちらで|以上で)?(?:いかが|どう)(?:でしょうか|ですか)$/,
];

const LONGEST_PLEASANTRY = 120;

// The assistant answering its own question: "Why does this happen? Because …".
const SELF_ANSWER =
  /^(?:because|that's because|this is because|it's because|this happens because|the reason|the answer|the short answer|short answer|simple|simply put|answer:|well,|turns out|it turns out|因为|因為|原因|答案|这是因为|這是因為|那是因为|那是因為|简单来说|簡單來說|なぜなら|理由は|答えは|実は)/i;

/**
 * Did this assistant turn ask the user a real question? Returns the last real question sentence (without a list
 * marker), or null. Not questions: a `?` in a URL, in code or in a quoted string; headings and block quotes;
 * closing pleasantries ("Anything else?", "还有其他问题吗？"); a question the assistant answers itself in the next
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
    if (next !== undefined && SELF_ANSWER.test(next.replace(/^[*_\s]+/, ''))) continue;
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
