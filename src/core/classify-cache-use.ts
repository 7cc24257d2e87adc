import type { Usage } from '../spec/usage.js';
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
}

/**
 * The cache use of a request sent at `at`, from its usage, given when the session's previous request was sent (null:
 * none). Why a live cache missed is not told apart here: a changed pin, summary or history all read as `miss`.
 */
export function classifyCacheUse(
  usage: Usage | null,
  at: Date,
  previousAt: Date | null,
  windowMs = CACHE_WINDOW_MS,
): CacheView {
  const read = usage?.cacheReadInputTokens ?? 0;
  const written = usage?.cacheCreationInputTokens ?? 0;
  const input = (usage?.inputTokens ?? 0) + read + written;
  if (usage === null || input === 0) return { use: 'unknown', read, written, input, readShare: null };
  const readShare = read / input;
  if (read > 0) return { use: 'hit', read, written, input, readShare };
  const expired = previousAt === null || at.getTime() - previousAt.getTime() >= windowMs;
  return { use: expired ? 'cold' : 'miss', read, written, input, readShare };
}
