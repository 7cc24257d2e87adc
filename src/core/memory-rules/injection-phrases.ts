import type { PhraseRule } from './create-phrase-matcher.js';
import { CHINESE_INJECTION_PHRASES } from './injection-phrases-chinese.js';
import { ENGLISH_INJECTION_PHRASES } from './injection-phrases-english.js';
import { EUROPEAN_INJECTION_PHRASES } from './injection-phrases-european.js';
import { JAPANESE_KOREAN_INJECTION_PHRASES } from './injection-phrases-japanese-korean.js';

/** Every override and jailbreak phrase rule, all languages: one rule set for every kind of memory and every path. */
export const INJECTION_PHRASES: readonly PhraseRule[] = [
  ...ENGLISH_INJECTION_PHRASES,
  ...CHINESE_INJECTION_PHRASES,
  ...JAPANESE_KOREAN_INJECTION_PHRASES,
  ...EUROPEAN_INJECTION_PHRASES,
];
