import type { PricedTokens, PriceOptions } from './price-request.js';
import { priceOf } from './price-request.js';

/**
 * The input cost of requests relative to sending every token uncached (1 = no saving, 0.1 = all read from the
 * cache), whatever the model's price: the figure to compare prompt layouts by. 0 for no tokens at all.
 */
export function relativeCost(
  results: readonly PricedTokens[],
  options: Omit<PriceOptions, 'inputPricePerMillion'> = {},
): number {
  let cost = 0;
  let uncached = 0;
  for (const tokens of results) {
    cost += priceOf(tokens, { ...options, inputPricePerMillion: 1_000_000 });
    uncached += tokens.cacheReadTokens + tokens.cacheWriteTokens + tokens.uncachedTokens;
  }
  return uncached === 0 ? 0 : cost / uncached;
}
