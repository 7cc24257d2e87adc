import type { LocalePack } from '../locale-pack.js';
import { spanishAssistantInstructions } from './spanish-assistant-instructions.js';
import { spanishErrorWords } from './spanish-error-words.js';
import { spanishExtraction } from './spanish-extraction.js';
import { SPANISH_FACT_PREAMBLES } from './spanish-fact-preambles.js';
import { spanishFacts } from './spanish-facts.js';
import { SPANISH_INJECTION_PHRASES } from './spanish-injection-phrases.js';
import { SPANISH_ORDER_WORDS } from './spanish-order-words.js';
import { spanishQuestions } from './spanish-questions.js';
import { spanishSearchWords } from './spanish-search-words.js';
import { spanishSmallTalk } from './spanish-small-talk.js';
import { spanishTask } from './spanish-task.js';

/**
 * Spanish: search words and the index stemmer, tasks, small talk, an assistant's questions, the heuristic extractor's
 * rules, the supersede rule's words, injection phrases, the word classes of orders and the memory gate's other words.
 */
export const spanishPack: LocalePack = {
  code: 'es',
  name: 'Spanish',
  search: spanishSearchWords,
  questions: spanishQuestions,
  task: spanishTask,
  smallTalk: spanishSmallTalk,
  facts: spanishFacts,
  orders: SPANISH_ORDER_WORDS,
  injectionPhrases: SPANISH_INJECTION_PHRASES,
  memoryGate: {
    errorWords: spanishErrorWords,
    assistantInstructions: spanishAssistantInstructions,
    factPreambles: SPANISH_FACT_PREAMBLES,
  },
  extraction: spanishExtraction,
};
