import type { LocaleExtraction } from '../../locales/locale-extraction.js';
import { readingExtraction } from '../../locales/locale-table.js';

// Sentences longer than this are not split: the patterns of the packs stay linear on what reaches them.
const LONGEST = 240;

/**
 * The clauses of one statement, each able to stand alone, as its language splits them: a clause that shares the
 * subject of the one before gets it ("I wake up at 6 and walk my dog" → … / I walk my dog; the Chinese pack gives a
 * subjectless clause the subject before it).
 */
export function splitClauses(
  sentence: string,
  extraction: LocaleExtraction | undefined = readingExtraction(sentence),
): string[] {
  if (sentence.length > LONGEST) return [sentence];
  return extraction?.splitClauses?.(sentence) ?? [sentence];
}
