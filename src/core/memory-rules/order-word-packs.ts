import type { OrderWords } from './order-words.js';
import { CHINESE_ORDER_WORDS } from './order-words-chinese.js';
import { ENGLISH_ORDER_WORDS } from './order-words-english.js';
import { JAPANESE_ORDER_WORDS } from './order-words-japanese.js';

/** The word classes of every language the order rules read. */
export const ORDER_WORD_PACKS: readonly OrderWords[] = [ENGLISH_ORDER_WORDS, CHINESE_ORDER_WORDS, JAPANESE_ORDER_WORDS];
