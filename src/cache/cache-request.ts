/** How long a cache entry lives after the request that writes or reads it: 5 minutes unless `1h` is asked for. */
export type CacheTtl = '5m' | '1h';

/** One content block of a request, in prefix order, with its token count (from the caller's tokenizer). */
export interface CacheBlock {
  text: string;
  tokens: number;
  /**
   * Set on the first block of the system prompt and of each message: the role that starts there. It is part of the
   * block's identity, because the provider renders role boundaries into the prompt: the same text sent by the user
   * or by the assistant, or split into two messages instead of one, is not the same prefix.
   */
  opensRole?: 'system' | 'user' | 'assistant';
  /** A `cache_control` breakpoint on this block; `ttl` defaults to 5 minutes. */
  cacheControl?: { ttl?: CacheTtl };
}

/** One request to simulate: when it starts (ms; cache lifetimes run from a request's start) and its blocks. */
export interface CacheRequest {
  at: number;
  blocks: readonly CacheBlock[];
}

/**
 * What the provider would bill for one request. The input fields do not overlap, as in Anthropic's usage:
 * cacheReadTokens + cacheWriteTokens + uncachedTokens = totalTokens.
 */
export interface CacheRequestResult {
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** The part of `cacheWriteTokens` written with the 1-hour TTL (billed 2x, not 1.25x). */
  oneHourCacheWriteTokens: number;
  uncachedTokens: number;
  totalTokens: number;
  /**
   * Breakpoints served from the cache: those whose whole prefix was read. A breakpoint whose lookback found only a
   * shorter entry is not a hit (its tail was written).
   */
  hits: number;
}
