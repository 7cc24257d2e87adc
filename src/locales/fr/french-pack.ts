import type { LocalePack } from '../locale-pack.js';
import { FRENCH_INJECTION_PHRASES } from './french-injection-phrases.js';

/** French, as far as memstack knows it: injection phrases. */
export const frenchPack: LocalePack = {
  code: 'fr',
  name: 'French',
  search: { stopWords: [], pastReferenceWords: [] },
  injectionPhrases: FRENCH_INJECTION_PHRASES,
};
