import type { LocalePack } from '../locale-pack.js';
import { chineseAnswerKinds } from './chinese-answer-kinds.js';
import { chineseAssistantInstructions } from './chinese-assistant-instructions.js';
import { chineseDates } from './chinese-dates.js';
import { chineseErrorWords } from './chinese-error-words.js';
import { chineseExtraction } from './chinese-extraction.js';
import { CHINESE_FACT_PREAMBLES } from './chinese-fact-preambles.js';
import { chineseFacts } from './chinese-facts.js';
import { CHINESE_INJECTION_PHRASES } from './chinese-injection-phrases.js';
import { CHINESE_ORDER_WORDS } from './chinese-order-words.js';
import { chinesePersons } from './chinese-persons.js';
import { chineseQuestions } from './chinese-questions.js';
import { chineseSearchWords } from './chinese-search-words.js';
import { chineseSmallTalk } from './chinese-small-talk.js';
import { chineseTask } from './chinese-task.js';
import { TRADITIONAL_CHINESE_LETTERS } from './traditional-chinese-letters.js';

/** Chinese (simplified and traditional). */
export const chinesePack: LocalePack = {
  code: 'zh',
  name: 'Chinese',
  search: chineseSearchWords,
  dates: chineseDates,
  answerKinds: chineseAnswerKinds,
  persons: chinesePersons,
  questions: chineseQuestions,
  task: chineseTask,
  smallTalk: chineseSmallTalk,
  facts: chineseFacts,
  orders: CHINESE_ORDER_WORDS,
  injectionPhrases: CHINESE_INJECTION_PHRASES,
  letterFolding: TRADITIONAL_CHINESE_LETTERS,
  extraction: chineseExtraction,
  memoryGate: {
    errorWords: chineseErrorWords,
    assistantInstructions: chineseAssistantInstructions,
    factPreambles: CHINESE_FACT_PREAMBLES,
  },
};
