import type { LocalePack } from '../locale-pack.js';
import { spanishAssistantInstructions } from './spanish-assistant-instructions.js';
import { spanishErrorWords } from './spanish-error-words.js';
import { SPANISH_FACT_PREAMBLES } from './spanish-fact-preambles.js';
import { SPANISH_INJECTION_PHRASES } from './spanish-injection-phrases.js';
import { SPANISH_ORDER_WORDS } from './spanish-order-words.js';

/** Spanish, as far as memstack knows it: injection phrases, the word classes of orders, the memory gate's other words. */
export const spanishPack: LocalePack = {
  code: 'es',
  name: 'Spanish',
  search: { stopWords: [], pastReferenceWords: [] },
  injectionPhrases: SPANISH_INJECTION_PHRASES,
  orders: SPANISH_ORDER_WORDS,
  memoryGate: {
    errorWords: spanishErrorWords,
    assistantInstructions: spanishAssistantInstructions,
    factPreambles: SPANISH_FACT_PREAMBLES,
  },
};
