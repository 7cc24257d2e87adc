import { createHash } from 'node:crypto';

/**
 * The identity of a fact for exact-duplicate detection: case, width, punctuation and spacing do not count,
 * so "User prefers pnpm." and "user prefers  PNPM" are the same fact.
 */
export function hashFact(text: string): string {
  const canonical = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}
