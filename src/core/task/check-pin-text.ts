import { checkMemoryText, type MemorySource } from '../facts/check-memory-text.js';

/**
 * A task, clarification or summary as it may enter memory, through the memory gate (`checkMemoryText`): cleaned and
 * whitespace-compacted; null when it is rejected (empty, over `maxChars` grapheme clusters, an error text, markup,
 * junk, or injection phrasing). A text over the cap is rejected, never truncated: a cut text is not what was said.
 */
export function checkPinText(
  raw: string,
  maxChars: number,
  options?: { kind?: 'task' | 'clarification' | 'summary'; source?: MemorySource },
): string | null {
  const checked = checkMemoryText(raw, {
    kind: options?.kind ?? 'task',
    maxChars,
    ...(options?.source ? { source: options.source } : {}),
  });
  return checked.ok ? checked.text : null;
}
