import type { LocalePack } from '../locale-pack.js';
import { SPANISH_INJECTION_PHRASES } from './spanish-injection-phrases.js';

/** Spanish, as far as memstack knows it: injection phrases. */
export const spanishPack: LocalePack = {
  code: 'es',
  name: 'Spanish',
  search: { stopWords: [], pastReferenceWords: [] },
  injectionPhrases: SPANISH_INJECTION_PHRASES,
};
