import type { LocalePack } from '../locale-pack.js';
import { GERMAN_INJECTION_PHRASES } from './german-injection-phrases.js';

/** German, as far as memstack knows it: injection phrases. */
export const germanPack: LocalePack = {
  code: 'de',
  name: 'German',
  search: { stopWords: [], pastReferenceWords: [] },
  injectionPhrases: GERMAN_INJECTION_PHRASES,
};
