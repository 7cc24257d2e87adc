import type { CacheMissReason, Usage } from '../../spec/usage.js';
import { CACHE_WINDOW_MS } from './split-pin-for-cache.js';

/**
 * How a reply's request used the prompt cache: `hit` (some of it was read from the cache), `cold` (nothing read, and
 * nothing could be: the session's first request, or the cache had expired since the one before), `miss` (nothing
 * read although the cache was alive: something before the breakpoint changed), `unknown` (no usage figures).
 */
export type CacheUse = 'hit' | 'cold' | 'miss' | 'unknown';

export interface CacheView {
  use: CacheUse;
  read: number;
  written: number;
  /** All input tokens: uncached, read and written. */
  input: number;
  /** The share of the input read from the cache (null without figures). */
  readShare: number | null;
  /**
   * Why the request could not read all that the session's previous one cached, as recorded with the reply (a `hit`
   * may have one too: the part before the change was read, the rest written again); null when nothing changed, or
   * for a reply recorded before reasons were.
   */
  reason: CacheMissReason | null;
}

/**
 * The cache use of a request sent at `at`, from its usage, given when the session's previous request was sent (null:
 * none) and the miss reason recorded with it (`missReason`; undefined for a reply recorded before reasons were).
 */
export function classifyCacheUse(
  usage: Usage | null,
  at: Date,
  previousAt: Date | null,
  options: { windowMs?: number; missReason?: CacheMissReason | null | undefined } = {},
): CacheView {
  const windowMs = options.windowMs ?? CACHE_WINDOW_MS;
  const read = usage?.cacheReadInputTokens ?? 0;
  const written = usage?.cacheCreationInputTokens ?? 0;
  const input = (usage?.inputTokens ?? 0) + read + written;
  const expired = previousAt === null || at.getTime() - previousAt.getTime() >= windowMs;
  const reason = options.missReason ?? (options.missReason === undefined && expired ? 'cold' : null);
  if (usage === null || input === 0) return { use: 'unknown', read, written, input, readShare: null, reason };
  const readShare = read / input;
  if (read > 0) return { use: 'hit', read, written, input, readShare, reason };
  const cold = reason === 'cold' || (options.missReason === undefined && expired);
  return { use: cold ? 'cold' : 'miss', read, written, input, readShare, reason };
}
