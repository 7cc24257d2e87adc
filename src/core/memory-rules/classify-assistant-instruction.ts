import { ASSISTANT_INSTRUCTIONS } from '../../locales/locale-table.js';
import type { InstructionPatternKit } from '../../locales/memory-gate-words.js';
import { compileWordList } from './compile-word-list.js';
import { createPhraseMatcher } from './create-phrase-matcher.js';
import { normalizeForMatching } from './normalize-for-matching.js';

const LEADING = `[\\s"'「『（(\\[*_#>-]*`;
/** What every pack builds its orders from: where a sentence or a clause starts, a label ("Important:") before one. */
const KIT: InstructionPatternKit = {
  words: (entries) => compileWordList(entries),
  leading: LEADING,
  sentenceStart: `(?:^|[.!?。！？;；:：]\\s*)${LEADING}`,
  // A dash, once normalised, is a hyphen: one between words joins them (e-mail), a spaced or doubled one opens a clause.
  clauseStart: `(?:^|(?:[.!?。！？;；:：、，,]|\\s-+|-{2,})\\s*)${LEADING}`,
  label: '(?:[^\\s:：]{1,20}[:：]\\s*)?',
};

/** Orders addressed to the assistant, every pack's, as one pattern. */
const ORDER = new RegExp(ASSISTANT_INSTRUCTIONS.flatMap((words) => words.orders(KIT)).join('|'));
/** Requests that are orders unless the text opens on the user. */
const REQUESTS = ASSISTANT_INSTRUCTIONS.flatMap((words) => {
  const sources = words.requests?.(KIT);
  return sources ? [{ request: new RegExp(sources.request), userStart: new RegExp(sources.userStart) }] : [];
});
/** The user's stated preference about the assistant's answers. */
const PREFERENCE = createPhraseMatcher(ASSISTANT_INSTRUCTIONS.flatMap((words) => words.preferences));
/** The assistant addressed anywhere in a fact: an order unless the fact is such a preference. */
const ADDRESSED = new RegExp(
  ASSISTANT_INSTRUCTIONS.flatMap((words) => words.addressed?.(KIT) ?? []).join('|') || '(?!)',
);

export type AssistantInstruction = 'instruction' | 'answer-preference';

/**
 * Whether a fact tells the assistant how to behave ('instruction': "Always answer in French"), states the user's own
 * preference about answers ('answer-preference': "User wants answers in French", "The bot answers in English"), or
 * neither (null: "User always deploys with Terraform", "The project must support Node 18"), in the words of any
 * locale pack (`memoryGate.assistantInstructions`). Linear in the length of `text`.
 */
export function classifyAssistantInstruction(text: string): AssistantInstruction | null {
  const normalized = normalizeForMatching(text);
  if (ORDER.test(normalized)) return 'instruction';
  if (REQUESTS.some(({ request, userStart }) => !userStart.test(normalized) && request.test(normalized))) {
    return 'instruction';
  }
  if (PREFERENCE.find(normalized) !== null) return 'answer-preference';
  if (ADDRESSED.test(normalized)) return 'instruction';
  return null;
}
