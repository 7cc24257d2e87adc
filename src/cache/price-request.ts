import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { CacheRequestResult, CacheTtl } from './cache-request.js';
import { cacheRules } from './cache-rules.js';

/** The token counts a price needs: a simulated result, or a provider's usage mapped to these names. */
export type PricedTokens = Pick<CacheRequestResult, 'cacheReadTokens' | 'cacheWriteTokens' | 'uncachedTokens'> &
  Partial<Pick<CacheRequestResult, 'oneHourCacheWriteTokens'>>;

export interface PriceOptions {
  /** The model's base input price, in dollars per million tokens. */
  inputPricePerMillion: number;
  /**
   * The TTL of the writes, for tokens that do not say how many were written for an hour (a provider's total
   * `cache_creation_input_tokens`). Defaults to 5 minutes. A simulated result says it, and a `ttl` that contradicts
   * it is rejected rather than ignored.
   */
  ttl?: CacheTtl;
  /** Cache reads as a multiple of the input price: 0.1 by default; 0.025 on Claude Fable 5.1 and Mythos 5.1. */
  readMultiplier?: number;
}

/**
 * The input cost of one request in dollars: plain input at the base price, reads at 0.1x, writes at 1.25x for
 * 5 minutes and 2x for 1 hour (figures and source at the top of `simulate-prompt-cache.ts`).
 */
export function priceOf(tokens: PricedTokens, options: PriceOptions): number {
  const oneHour = oneHourWrites(tokens, options.ttl);
  const multipliers = cacheRules.priceMultipliers;
  const weighted =
    tokens.uncachedTokens * multipliers.uncached +
    tokens.cacheReadTokens * (options.readMultiplier ?? multipliers.read) +
    (tokens.cacheWriteTokens - oneHour) * multipliers.write['5m'] +
    oneHour * multipliers.write['1h'];
  return (weighted * options.inputPricePerMillion) / 1_000_000;
}

function oneHourWrites(tokens: PricedTokens, ttl: CacheTtl | undefined): number {
  const stated = tokens.oneHourCacheWriteTokens;
  if (stated === undefined) return ttl === '1h' ? tokens.cacheWriteTokens : 0;
  const contradicts = (ttl === '1h' && stated !== tokens.cacheWriteTokens) || (ttl === '5m' && stated !== 0);
  if (contradicts) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'ttl',
      `ttl '${ttl}' contradicts the tokens: ${stated} of ${tokens.cacheWriteTokens} written tokens are for 1 hour`,
    );
  }
  return stated;
}
