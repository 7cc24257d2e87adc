import { createHash } from 'node:crypto';
import { foldToWords } from '../language/fold-text.js';

/**
 * The identity of a fact for exact-duplicate detection: case, width, punctuation and spacing do not count,
 * so "User prefers pnpm." and "user prefers  PNPM" are the same fact.
 */
export function hashFact(text: string): string {
  const canonical = foldToWords(text);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}
