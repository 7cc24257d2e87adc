/**
 * The lane (extraction queue) of a session: a stable hash of its key (FNV-1a, 32 bits), so that every process sends a
 * session's jobs to the same lane, where they run one at a time and in order.
 */
export function laneOf(sessionKey: string, lanes: number): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(sessionKey)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}
