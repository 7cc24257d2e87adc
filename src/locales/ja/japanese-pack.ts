import type { LocalePack } from '../locale-pack.js';
import { japaneseSearchWords } from './japanese-search-words.js';

/** Japanese. */
export const japanesePack: LocalePack = {
  code: 'ja',
  name: 'Japanese',
  search: japaneseSearchWords,
};
