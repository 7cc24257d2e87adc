import { foldToWords } from '../language/fold-text.js';
import { sha256, toHex } from '../text/sha256.js';

/**
 * The identity of a fact for exact-duplicate detection: case, width, punctuation and spacing do not count,
 * so "User prefers pnpm." and "user prefers  PNPM" are the same fact.
 */
export function hashFact(text: string): string {
  const canonical = foldToWords(text);
  return toHex(sha256(canonical)).slice(0, 32);
}
