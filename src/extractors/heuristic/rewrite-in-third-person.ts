import type { LocaleExtraction } from '../../locales/locale-extraction.js';
import { readingExtraction } from '../../locales/locale-table.js';

/**
 * The statement rephrased about the user in third person where a mechanical rewrite is reliable ("I prefer pnpm" →
 * "User prefers pnpm"), by the pack that reads it; else the sentence as it is. Terminal punctuation is dropped
 * either way.
 */
export function rewriteInThirdPerson(sentence: string, extraction?: LocaleExtraction): string {
  const text = sentence.trim().replace(/[.!。！]+$/u, '');
  return (extraction ?? readingExtraction(text))?.inThirdPerson?.(text) ?? text;
}
