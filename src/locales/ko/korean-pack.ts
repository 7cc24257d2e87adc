import type { LocalePack } from '../locale-pack.js';
import { KOREAN_INJECTION_PHRASES } from './korean-injection-phrases.js';
import { koreanPersons } from './korean-persons.js';
import { koreanSearchWords } from './korean-search-words.js';

/** Korean, as far as memstack knows it: search words, particles, pronouns and injection phrases. */
export const koreanPack: LocalePack = {
  code: 'ko',
  name: 'Korean',
  search: koreanSearchWords,
  persons: koreanPersons,
  injectionPhrases: KOREAN_INJECTION_PHRASES,
};
