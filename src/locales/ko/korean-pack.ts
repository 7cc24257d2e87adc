import type { LocalePack } from '../locale-pack.js';
import { koreanPersons } from './korean-persons.js';
import { koreanSearchWords } from './korean-search-words.js';

/** Korean, as far as memstack knows it: search words, particles and pronouns. */
export const koreanPack: LocalePack = {
  code: 'ko',
  name: 'Korean',
  search: koreanSearchWords,
  persons: koreanPersons,
};
