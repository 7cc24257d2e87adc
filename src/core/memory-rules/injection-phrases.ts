import { LOCALE_PACKS } from '../../locales/locale-table.js';
import type { PhraseRule } from './create-phrase-matcher.js';
import { EUROPEAN_INJECTION_PHRASES } from './injection-phrases-european.js';

/**
 * Every override and jailbreak phrase rule, all languages: one rule set for every kind of memory and every path. The
 * packs' (`injectionPhrases`), then those not moved into a pack yet (Spanish, French, German).
 */
export const INJECTION_PHRASES: readonly PhraseRule[] = [
  ...LOCALE_PACKS.flatMap((pack) => pack.injectionPhrases ?? []),
  ...EUROPEAN_INJECTION_PHRASES,
];
