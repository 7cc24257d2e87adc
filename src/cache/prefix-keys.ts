import { createHash } from 'node:crypto';
import type { CacheBlock } from './cache-request.js';

/**
 * The identity of each prefix of a request: element i stands for blocks 0..i (role boundaries included). A running
 * SHA-256, each step hashing the previous digest with the next block, so that a request of n blocks costs n hashes
 * instead of the n² characters of string keys; the block is JSON-encoded so that no two different blocks (or a
 * boundary and a text) can produce the same bytes.
 */
export function prefixKeys(blocks: readonly CacheBlock[]): string[] {
  const keys: string[] = [];
  let previous = '';
  for (const block of blocks) {
    previous = createHash('sha256')
      .update(previous)
      .update(JSON.stringify([block.opensRole ?? null, block.text]))
      .digest('hex');
    keys.push(previous);
  }
  return keys;
}
