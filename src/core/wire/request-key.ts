import { sha256, toBase64url } from '../text/sha256.js';

/**
 * The key of a turn's request (decision 26): what was sent for it, as a list of strings (`requestKeyParts`), hashed
 * (128 bits of SHA-256, base64url). Copies of one request have one key; a difference in what was sent (another user,
 * another message, another history) gives another. Parts are framed by their length, so that no two lists read as
 * one.
 */
export function requestKey(parts: Iterable<string>): string {
  const framed: string[] = [];
  for (const part of parts) framed.push(`${part.length}:`, part);
  return toBase64url(sha256(framed).subarray(0, 16));
}
