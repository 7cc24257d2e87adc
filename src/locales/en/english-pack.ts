import type { LocalePack } from '../locale-pack.js';
import { englishSearchWords } from './english-search-words.js';

/** English. */
export const englishPack: LocalePack = {
  code: 'en',
  name: 'English',
  search: englishSearchWords,
};
