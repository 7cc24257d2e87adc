/*
 * A simulator of Anthropic's prompt cache, to compare prompt layouts by what they would cost without calling a model.
 *
 * The rules below are those of "Prompt caching", https://platform.claude.com/docs/en/build-with-claude/prompt-caching
 * (formerly https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching), read from stored copies of the page:
 * - The cached prefix runs `tools` → `system` → `messages`, up to and including the block marked with
 *   `cache_control`; a hit needs that whole prefix to be identical ("100% identical prompt segments").
 * - At most 4 breakpoints per request (an automatic breakpoint takes one of the 4 slots; with 4 explicit ones the API
 *   returns a 400 error). A 1-hour breakpoint must not follow a 5-minute one ("cache entries with longer TTL must
 *   appear before shorter TTLs").
 * - "Cache writes happen only at your breakpoint": each breakpoint writes exactly one entry, a hash of the prefix
 *   ending at that block, and none for earlier positions.
 * - "Cache reads look backward for entries that prior requests wrote": if the breakpoint's own prefix is not cached,
 *   the system walks back one block at a time. "The lookback window is 20 blocks. The system checks at most 20
 *   positions per breakpoint, counting the breakpoint itself as the first", then resumes from the next explicit
 *   breakpoint, if any. The page's example: a breakpoint on block 35 checks blocks 35 through 16, and an entry at
 *   block 15 is "one position outside the window" (so an entry 19 blocks back is found, 20 blocks back is not).
 * - Billing (the page's "Mixing different TTLs"): A = tokens up to the highest cache hit (0 if none), B = tokens up to
 *   the highest 1-hour breakpoint after A (or A), C = tokens up to the last breakpoint. Read A, write B - A at the
 *   1-hour price and C - B at the 5-minute price; the tokens after the last breakpoint are plain input.
 * - Minimum cacheable prompt length, by model (table in `minimum-cacheable-tokens.ts`): 512 tokens (Fable 5.1,
 *   Mythos 5.1, Opus 5, Fable 5, Mythos 5), 1,024 (Opus 4.8, Sonnet 5, Sonnet 4.6, Sonnet 4.5, Opus 4.1, Opus 4,
 *   Sonnet 4; earlier: Sonnet 3.7, Sonnet 3.5, Opus 3), 2,048 (Mythos Preview, Opus 4.7, Haiku 3.5, Haiku 3), 4,096
 *   (Opus 4.6, Opus 4.5, Haiku 4.5). "Shorter prompts cannot be cached, even if marked with cache_control", and no
 *   error is returned.
 * - Lifetime: 5 minutes by default, 1 hour with `ttl: '1h'`, "refreshed for no additional cost each time the cached
 *   content is used", "measured from the start of the request that writes or reads the cache entry".
 * - Prices, multiples of the base input price: 5-minute write 1.25x, 1-hour write 2x, read 0.1x (0.025x on Claude
 *   Fable 5.1 and Mythos 5.1); see `price-request.ts`.
 *
 * Choices where the page is silent: an entry is expired at exactly its lifetime (a request 5:00 after a write
 * misses); a read refreshes, with their own TTL, the entry it hit and the entries of the request's breakpoints at or
 * before it (their content was used); requests are simulated one after another, never concurrently (the page notes
 * that an entry only becomes available once the first response begins).
 */
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { CacheRequest, CacheRequestResult, CacheTtl } from './cache-request.js';
import { cacheRules } from './cache-rules.js';
import { findCachedPosition } from './find-cached-position.js';
import { prefixKeys } from './prefix-keys.js';
import { readBreakpoints } from './read-breakpoints.js';

interface CacheEntry {
  expiresAt: number;
  ttl: CacheTtl;
}

/**
 * What each request would read from, write to and send past Anthropic's prompt cache, the requests being sent in
 * order with a cache that starts empty. `minimumCacheableTokens` is the model's figure (`minimumCacheableTokens`
 * table). Throws `InvalidInputError` for a request the API would reject and for times that go backwards.
 */
export function simulatePromptCache(
  requests: readonly CacheRequest[],
  options: { minimumCacheableTokens: number },
): CacheRequestResult[] {
  const simulator = createPromptCacheSimulator(options);
  return requests.map((request) => simulator.simulate(request));
}

export interface PromptCacheSimulator {
  /** The next request of the sequence (times never go backwards); the cache state carries over. */
  simulate(request: CacheRequest): CacheRequestResult;
}

/** The same simulation one request at a time, for a live estimate per session. */
export function createPromptCacheSimulator(options: { minimumCacheableTokens: number }): PromptCacheSimulator {
  const minimum = options.minimumCacheableTokens;
  if (!Number.isFinite(minimum) || minimum < 0) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'minimumCacheableTokens', 'must be a finite number ≥ 0');
  }
  const cache = new Map<string, CacheEntry>();
  let previousAt = Number.NEGATIVE_INFINITY;
  const simulate = (request: CacheRequest): CacheRequestResult => {
    if (!Number.isFinite(request.at) || request.at < previousAt) {
      throw new InvalidInputError('INVALID_ARGUMENT', 'at', 'request times must be finite and never go backwards');
    }
    previousAt = request.at;
    const at = request.at;
    for (const [key, entry] of cache) if (entry.expiresAt <= at) cache.delete(key);

    const cumulative: number[] = [];
    let total = 0;
    for (const block of request.blocks) {
      // Whole numbers keep read + write + uncached = total exact (no floating-point residue).
      if (!Number.isSafeInteger(block.tokens) || block.tokens < 0) {
        throw new InvalidInputError('INVALID_ARGUMENT', 'tokens', 'block token counts must be whole numbers ≥ 0');
      }
      total += block.tokens;
      cumulative.push(total);
    }
    const tokensUpTo = (position: number): number => (position < 0 ? 0 : (cumulative[position] ?? 0));
    const breakpoints = readBreakpoints(request.blocks);
    const keys = prefixKeys(request.blocks);
    const keyAt = (position: number): string => keys[position] ?? '';

    const hitPosition = findCachedPosition(
      breakpoints,
      (position) => cache.has(keyAt(position)),
      cacheRules.lookbackPositions,
    );

    const read = tokensUpTo(hitPosition);
    const cacheable = breakpoints.filter((breakpoint) => tokensUpTo(breakpoint.position) >= minimum);
    const written = cacheable.filter((breakpoint) => breakpoint.position > hitPosition);
    const lastWritten = written.at(-1);
    const lastOneHour = written.filter((breakpoint) => breakpoint.ttl === '1h').at(-1);
    const writeEnd = lastWritten ? tokensUpTo(lastWritten.position) : read;
    const oneHourEnd = lastOneHour ? tokensUpTo(lastOneHour.position) : read;

    // Reading an entry keeps its own TTL; a breakpoint's entry missing inside the read prefix is made at no charge.
    const keep = (key: string, ttlIfNew: CacheTtl): void => {
      const ttl = cache.get(key)?.ttl ?? ttlIfNew;
      cache.set(key, { expiresAt: at + cacheRules.lifetimeMilliseconds[ttl], ttl });
    };
    if (hitPosition >= 0) keep(keyAt(hitPosition), '5m');
    for (const breakpoint of cacheable) {
      const key = keyAt(breakpoint.position);
      if (breakpoint.position <= hitPosition) keep(key, breakpoint.ttl);
      else cache.set(key, { expiresAt: at + cacheRules.lifetimeMilliseconds[breakpoint.ttl], ttl: breakpoint.ttl });
    }

    return {
      cacheReadTokens: read,
      cacheWriteTokens: writeEnd - read,
      oneHourCacheWriteTokens: oneHourEnd - read,
      uncachedTokens: total - writeEnd,
      totalTokens: total,
      hits: breakpoints.filter((breakpoint) => breakpoint.position <= hitPosition).length,
    };
  };
  return { simulate };
}
