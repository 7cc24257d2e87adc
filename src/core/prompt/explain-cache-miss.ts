import type { CacheMissReason } from '../../spec/usage.js';

/**
 * What a request put before the prompt cache, as far as telling a miss apart goes: the parts of its cached prefix
 * (compared, never shown) and the identity of the longest prefix it cached.
 */
/** The `stack.stats().cache.missReasons` counter each miss reason adds to. */
export const MISS_COUNTER_OF = {
  'pin-changed': 'pinChanged',
  'summary-changed': 'summaryChanged',
  'facts-changed': 'factsChanged',
  'history-changed': 'historyChanged',
  'layout-changed': 'layoutChanged',
} as const satisfies Record<Exclude<CacheMissReason, 'cold'>, string>;

export interface CacheBasis {
  /** When the request was sent (epoch ms). */
  at: number;
  /** The layout that built it (`cache-aware`, `seed`, `decorate-anthropic`...): another layout moves breakpoints. */
  layout: string;
  /** The system prompt apart from memory (memstack's base prompt, or the caller's). */
  system: string;
  /** The summary and the pin as placed in the cached prefix (null: none). */
  summary: string | null;
  pin: string | null;
  /** The key facts, when the layout places them in the cached prefix (the `seed` layout); null otherwise. */
  facts: string | null;
  /** The identity of the prefix up to the request's last breakpoint (`prefixKeys`); null: no breakpoint. */
  cachedKey: string | null;
}

/** A request about to be sent: its basis, and the identity of each of its prefixes with its breakpoints' positions. */
export interface CacheRequestBasis extends CacheBasis {
  prefixKeys: readonly string[];
  breakpoints: readonly number[];
}

/**
 * Why `current` cannot read everything `previous` (the session's request before it, null: none) cached, or null when
 * it can: the previous request's cached prefix is a prefix of this one, the cache is alive, and a breakpoint of this
 * request finds it within the provider's lookback (`lookback` positions, the breakpoint counting as the first). The
 * first difference in prefix order names the reason: layout or system prompt, summary, pin, facts, and else the
 * history.
 * `windowMs`: the cache's lifetime since its last use.
 */
export function explainCacheMiss(
  previous: CacheBasis | null,
  current: CacheRequestBasis,
  windowMs: number,
  lookback = 20,
): CacheMissReason | null {
  if (previous === null || previous.cachedKey === null || current.at - previous.at >= windowMs) return 'cold';
  const position = current.prefixKeys.indexOf(previous.cachedKey);
  if (position >= 0) {
    const found = current.breakpoints.some((breakpoint) => breakpoint >= position && breakpoint - position < lookback);
    // The same prefix, but no breakpoint of this request reaches it: the breakpoints moved.
    return found ? null : 'layout-changed';
  }
  if (previous.layout !== current.layout || previous.system !== current.system) return 'layout-changed';
  if (previous.summary !== current.summary) return 'summary-changed';
  if (previous.pin !== current.pin) return 'pin-changed';
  if (previous.facts !== current.facts) return 'facts-changed';
  return 'history-changed';
}
