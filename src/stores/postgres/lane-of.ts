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

/** `count` session keys (`<prefix>0`, `<prefix>1`, ...) that fall in distinct lanes: jobs that never wait for each other. */
export function keysInDistinctLanes(count: number, lanes: number, prefix = 'session-'): string[] {
  if (count > lanes) throw new RangeError(`${count} keys cannot fall in ${lanes} distinct lanes`);
  const keys: string[] = [];
  const taken = new Set<number>();
  for (let index = 0; keys.length < count; index += 1) {
    const lane = laneOf(`${prefix}${index}`, lanes);
    if (taken.has(lane)) continue;
    taken.add(lane);
    keys.push(`${prefix}${index}`);
  }
  return keys;
}
