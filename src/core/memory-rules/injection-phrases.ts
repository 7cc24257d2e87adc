import { LOCALE_PACKS } from '../../locales/locale-table.js';
import type { PhraseRule } from './create-phrase-matcher.js';

/**
 * Every override and jailbreak phrase rule, all languages (each pack's `injectionPhrases`, in the table's order): one
 * rule set for every kind of memory and every path.
 */
export const INJECTION_PHRASES: readonly PhraseRule[] = LOCALE_PACKS.flatMap((pack) => pack.injectionPhrases ?? []);
