import type { LocalePack } from '../locale-pack.js';
import { japaneseAnswerKinds } from './japanese-answer-kinds.js';
import { japaneseAssistantInstructions } from './japanese-assistant-instructions.js';
import { japaneseErrorWords } from './japanese-error-words.js';
import { japaneseExtraction } from './japanese-extraction.js';
import { JAPANESE_FACT_PREAMBLES } from './japanese-fact-preambles.js';
import { japaneseFacts } from './japanese-facts.js';
import { JAPANESE_INJECTION_PHRASES } from './japanese-injection-phrases.js';
import { JAPANESE_ORDER_WORDS } from './japanese-order-words.js';
import { japanesePersons } from './japanese-persons.js';
import { japaneseQuestions } from './japanese-questions.js';
import { japaneseSearchWords } from './japanese-search-words.js';
import { japaneseSmallTalk } from './japanese-small-talk.js';
import { japaneseTask } from './japanese-task.js';

/** Japanese (its numbered dates are written as Chinese writes them: the Chinese pack's pattern reads both). */
export const japanesePack: LocalePack = {
  code: 'ja',
  name: 'Japanese',
  search: japaneseSearchWords,
  answerKinds: japaneseAnswerKinds,
  persons: japanesePersons,
  questions: japaneseQuestions,
  task: japaneseTask,
  smallTalk: japaneseSmallTalk,
  facts: japaneseFacts,
  orders: JAPANESE_ORDER_WORDS,
  injectionPhrases: JAPANESE_INJECTION_PHRASES,
  extraction: japaneseExtraction,
  memoryGate: {
    errorWords: japaneseErrorWords,
    assistantInstructions: japaneseAssistantInstructions,
    factPreambles: JAPANESE_FACT_PREAMBLES,
  },
};
