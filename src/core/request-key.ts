import { createHash } from 'node:crypto';

/**
 * The key of a turn's request (decision 26): what was sent for it, hashed (128 bits of SHA-256, base64url). Copies
 * of one request have one key; any difference in what was sent (another user, another message, another history)
 * gives another. Each part is a string or JSON data; objects are read as JSON without their `cache_control` (where a
 * client puts its cache breakpoints says nothing of what it asks). Parts are framed by their length, so that no two
 * lists of parts read as one.
 */
export function requestKey(parts: readonly unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const text = typeof part === 'string' ? part : jsonOf(part);
    hash.update(`${text.length}:`);
    hash.update(text);
  }
  return hash.digest().subarray(0, 16).toString('base64url');
}

function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value, (name, field) => (name === 'cache_control' ? undefined : field)) ?? '';
  } catch {
    // A cycle or a BigInt in a caller's tool input: the other parts still tell requests apart.
    return '';
  }
}
