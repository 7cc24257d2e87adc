import { flattenRequest } from '../cache/flatten-request.js';
import { prefixKeys } from '../cache/prefix-keys.js';
import { type CacheBasis, explainCacheMiss } from '../core/prompt/explain-cache-miss.js';
import { CACHE_WINDOW_MS } from '../core/prompt/split-pin-for-cache.js';
import type { PreparedRequest } from '../spec/prepared-turn.js';
import type { CacheMissReason } from '../spec/usage.js';

const SESSIONS_TRACKED = 1000;

/** The parts of a request's cached prefix that a miss is told apart by (see `CacheBasis`). */
export type CacheParts = Pick<CacheBasis, 'layout' | 'system' | 'summary' | 'pin' | 'facts'>;

/** Why this session's request, sent at `at`, cannot read all that its previous request cached; null when it can. */
export type CacheMissTracker = (
  sessionKey: string,
  request: PreparedRequest,
  parts: CacheParts,
  at: Date,
) => CacheMissReason | null;

/**
 * One basis per session (the most recent sessions only, in this process's memory, as the usage estimate's simulated
 * cache): after a restart, a session's first request reads as cold. Prefixes shorter than the model's minimum
 * cacheable length are not told apart: such a request caches nothing, whatever its reason says.
 */
export function cacheMissTracker(windowMs = CACHE_WINDOW_MS): CacheMissTracker {
  const bases = new Map<string, CacheBasis>();
  return (sessionKey, request, parts, at) => {
    const flat = flattenRequest(request, () => 0, at.getTime());
    const keys = prefixKeys(flat.blocks);
    // Read directly, not checked: a caller's request the API would reject still gets a reason, not an error.
    const breakpoints = flat.blocks.flatMap((block, position) => (block.cacheControl ? [position] : []));
    const last = breakpoints.at(-1);
    const basis: CacheBasis = {
      ...parts,
      at: at.getTime(),
      cachedKey: last === undefined ? null : (keys[last] ?? null),
    };
    const previous = bases.get(sessionKey) ?? null;
    // A clock that went backwards: start this session over, as the estimate does.
    const reason =
      previous && previous.at > basis.at
        ? 'cold'
        : explainCacheMiss(previous, { ...basis, prefixKeys: keys, breakpoints }, windowMs);
    bases.delete(sessionKey);
    if (bases.size >= SESSIONS_TRACKED) bases.delete(bases.keys().next().value as string);
    bases.set(sessionKey, basis);
    return reason;
  };
}
