import type { LocalePack } from '../locale-pack.js';
import { chineseSearchWords } from './chinese-search-words.js';

/** Chinese (simplified and traditional). */
export const chinesePack: LocalePack = {
  code: 'zh',
  name: 'Chinese',
  search: chineseSearchWords,
};
