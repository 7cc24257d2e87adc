import { createHash } from 'node:crypto';

/**
 * The key of a turn's request (decision 26): what was sent for it, as a list of strings (`requestKeyParts`), hashed
 * (128 bits of SHA-256, base64url). Copies of one request have one key; a difference in what was sent (another user,
 * another message, another history) gives another. Parts are framed by their length, so that no two lists read as
 * one.
 */
export function requestKey(parts: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(`${part.length}:`);
    hash.update(part);
  }
  return hash.digest().subarray(0, 16).toString('base64url');
}
