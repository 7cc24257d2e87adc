import { foldCase } from '../../core/language/fold-text.js';
import type { FactKind, LocaleExtraction } from '../../locales/locale-extraction.js';
import { readingExtraction } from '../../locales/locale-table.js';

export type { FactKind };

/**
 * What kind of durable fact this sentence states about the user or project, or null: the first of its language's
 * fact rules that matches (the pack that reads the sentence it is a clause of, given or told from the text). Expects a clean statement (no question, no small talk).
 */
export function classifyFact(
  sentence: string,
  extraction: LocaleExtraction | undefined = readingExtraction(sentence),
): FactKind | null {
  const text = foldCase(sentence);
  const seen = extraction?.foldForRules?.(text) ?? text;
  for (const [kind, pattern] of extraction?.factRules ?? []) if (pattern.test(seen)) return kind;
  return null;
}
