import { checkMemoryText, type MemorySource, type MemoryTextRejection } from './check-memory-text.js';

export type FactCheck = { ok: true; text: string } | { ok: false; text: string; reason: MemoryTextRejection };

/**
 * Validates one fact through the memory gate (`checkMemoryText` with kind 'fact'): list bullets and quotes are
 * removed, then preambles, error texts, questions, fragments, essays, injections and orders to the assistant are
 * rejected. `source` says where the fact came from; a preference about answers from an assistant reply is rejected.
 */
export function checkFact(raw: string, options: { maxChars: number; source?: MemorySource }): FactCheck {
  return checkMemoryText(raw, { kind: 'fact', ...options });
}
