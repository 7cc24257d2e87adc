import type { LocalePack } from '../locale-pack.js';
import { englishAnswerKinds } from './english-answer-kinds.js';
import { englishAssistantInstructions } from './english-assistant-instructions.js';
import { englishDates } from './english-dates.js';
import { englishErrorWords } from './english-error-words.js';
import { englishExtraction } from './english-extraction.js';
import { ENGLISH_FACT_PREAMBLES } from './english-fact-preambles.js';
import { englishFacts } from './english-facts.js';
import { ENGLISH_INJECTION_PHRASES } from './english-injection-phrases.js';
import { ENGLISH_ORDER_WORDS } from './english-order-words.js';
import { englishPersons } from './english-persons.js';
import { englishQuestions } from './english-questions.js';
import { englishSearchWords } from './english-search-words.js';
import { englishSmallTalk } from './english-small-talk.js';
import { englishTask } from './english-task.js';

/** English. */
export const englishPack: LocalePack = {
  code: 'en',
  name: 'English',
  search: englishSearchWords,
  dates: englishDates,
  answerKinds: englishAnswerKinds,
  persons: englishPersons,
  questions: englishQuestions,
  task: englishTask,
  smallTalk: englishSmallTalk,
  facts: englishFacts,
  orders: ENGLISH_ORDER_WORDS,
  injectionPhrases: ENGLISH_INJECTION_PHRASES,
  extraction: englishExtraction,
  memoryGate: {
    errorWords: englishErrorWords,
    assistantInstructions: englishAssistantInstructions,
    factPreambles: ENGLISH_FACT_PREAMBLES,
  },
};
