import type { LocalePack } from '../locale-pack.js';
import { SPANISH_INJECTION_PHRASES } from './spanish-injection-phrases.js';
import { spanishSearchWords } from './spanish-search-words.js';

/** Spanish, as far as memstack knows it: search words and the index stemmer, injection phrases. */
export const spanishPack: LocalePack = {
  code: 'es',
  name: 'Spanish',
  search: spanishSearchWords,
  injectionPhrases: SPANISH_INJECTION_PHRASES,
};
