import type { LocalePack } from '../locale-pack.js';
import { SPANISH_INJECTION_PHRASES } from './spanish-injection-phrases.js';
import { SPANISH_ORDER_WORDS } from './spanish-order-words.js';

/** Spanish, as far as memstack knows it: injection phrases and the word classes of orders. */
export const spanishPack: LocalePack = {
  code: 'es',
  name: 'Spanish',
  search: { stopWords: [], pastReferenceWords: [] },
  injectionPhrases: SPANISH_INJECTION_PHRASES,
  orders: SPANISH_ORDER_WORDS,
};
