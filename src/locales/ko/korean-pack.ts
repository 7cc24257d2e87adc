import type { LocalePack } from '../locale-pack.js';
import { koreanSearchWords } from './korean-search-words.js';

/** Korean, as far as memstack knows it: search words and particles. */
export const koreanPack: LocalePack = {
  code: 'ko',
  name: 'Korean',
  search: koreanSearchWords,
};
