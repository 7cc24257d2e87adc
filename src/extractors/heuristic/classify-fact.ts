import { foldCase } from '../../core/language/fold-text.js';
import type { FactKind } from '../../locales/locale-extraction.js';
import { readingExtraction } from '../../locales/locale-table.js';

export type { FactKind };

/**
 * What kind of durable fact this sentence states about the user or project, or null: the first of its language's
 * fact rules that matches. Expects a clean statement (no question, no small talk).
 */
export function classifyFact(sentence: string): FactKind | null {
  const text = foldCase(sentence);
  for (const [kind, pattern] of readingExtraction(text)?.factRules ?? []) if (pattern.test(text)) return kind;
  return null;
}
