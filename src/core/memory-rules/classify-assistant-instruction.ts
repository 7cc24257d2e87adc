import { ASSISTANT_INSTRUCTIONS } from './assistant-instructions.js';
import { compileWordList } from './compile-word-list.js';
import { createPhraseMatcher } from './create-phrase-matcher.js';
import { normalizeForMatching } from './normalize-for-matching.js';

const { english, chinese, japanese } = ASSISTANT_INSTRUCTIONS;
const LEADING = `[\\s"'「『（(\\[*_#>-]*`;
const SENTENCE_START = `(?:^|[.!?。！？;；:：]\\s*)${LEADING}`;
const OPENERS = `(?:${compileWordList(english.openers)}[\\s,:]*){0,3}`;
/** A label before an order at the start of a text: "Important:", "Note:", "重要：". */
const LABEL = '(?:[^\\s:：]{1,20}[:：]\\s*)?';
// Japanese opens an order on a clause as well: 今後、あなたは….
const JAPANESE_START = `(?:^|[.!?。！？;；:：、]\\s*)${LEADING}`;

/** Orders addressed to the assistant. */
const ORDER = new RegExp(
  [
    // "You must never mention competitors", "AI must reply only with JSON", "From now on, you must answer in French".
    `${SENTENCE_START}${OPENERS}${compileWordList(english.assistant)}\\s(?:[a-z]+\\s)?${compileWordList(english.modals)}`,
    // "Always answer in French", "From now on, reply only with JSON", "Never mention competitors".
    `^${LEADING}${LABEL}${OPENERS}${compileWordList(english.speakingVerbs)}\\s${compileWordList(english.speakingManners)}`,
    `^${LEADING}${LABEL}${OPENERS}${compileWordList(english.orders)}`,
    `^${LEADING}${LABEL}(?:${compileWordList(english.openers)}[\\s,:]*){1,3}${compileWordList(english.openedOrders)}`,
    // 从现在开始你要用英文回答, 请你始终…; AI必须…
    `${compileWordList(chinese.assistant)}.{0,4}?${compileWordList(chinese.modals)}`,
    `${SENTENCE_START}${compileWordList(chinese.assistantAtStart)}.{0,4}?${compileWordList(chinese.modals)}`,
    // 请始终用中文回答我, 以后都用中文回答; 回答要简洁.
    `^${LEADING}${LABEL}${compileWordList(chinese.openers)}[^。！？.!?]{0,24}?${compileWordList(chinese.behaviour)}`,
    `^${LEADING}${compileWordList(chinese.answerNouns)}.{0,6}?${compileWordList(chinese.answerModals)}`,
    // あなたは常に英語で答えてください.
    `${JAPANESE_START}${compileWordList(japanese.assistant)}[^。！？]{0,12}?${compileWordList(japanese.modals)}`,
  ].join('|'),
);
// 今後は必ず英語で答えてください: a request ending after a speaking verb, unless the user is the subject.
const JAPANESE_REQUEST = new RegExp(
  `${compileWordList(japanese.behaviour)}[^。！？]{0,8}?${compileWordList(japanese.requests)}`,
);
const JAPANESE_USER_START = new RegExp(`^${LEADING}${compileWordList(japanese.user)}`);

/** The user's stated preference about the assistant's answers. */
const PREFERENCE = createPhraseMatcher([
  { parts: [english.user, english.preferring, english.answers], gap: 40 },
  { parts: [english.describedAssistant, english.describedBehaviour], gap: 2, anchor: 'sentence' },
  { parts: [chinese.user, chinese.preferring, chinese.answers], gap: 16 },
  { parts: [japanese.user, japanese.answers, japanese.preferring], gap: 16 },
]);

export type AssistantInstruction = 'instruction' | 'answer-preference';

/**
 * Whether a fact tells the assistant how to behave ('instruction': "Always answer in French", "你要用英文回答",
 * "今後は必ず英語で答えてください"), states the user's own preference about answers ('answer-preference': "User
 * wants answers in French", "用户希望用中文回答", "The bot answers in English"), or neither (null: "User always
 * deploys with Terraform", "The project must support Node 18"). Linear in the length of `text`.
 */
export function classifyAssistantInstruction(text: string): AssistantInstruction | null {
  const normalized = normalizeForMatching(text);
  if (ORDER.test(normalized)) return 'instruction';
  if (!JAPANESE_USER_START.test(normalized) && JAPANESE_REQUEST.test(normalized)) return 'instruction';
  if (PREFERENCE.find(normalized) !== null) return 'answer-preference';
  return null;
}
