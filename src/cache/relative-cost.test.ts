import { describe, expect, it } from 'vitest';
import { relativeCost } from './relative-cost.js';

const cold = { cacheReadTokens: 0, cacheWriteTokens: 3000, uncachedTokens: 100 };
const warm = { cacheReadTokens: 3000, cacheWriteTokens: 0, uncachedTokens: 100 };

describe('relativeCost', () => {
  it('is 1 for requests that use no cache', () => {
    expect(relativeCost([{ cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 500 }])).toBe(1);
  });

  it('weighs writes, reads and plain input against sending everything uncached', () => {
    // (3000 × 1.25 + 100) / 3100 for the cold request alone.
    expect(relativeCost([cold])).toBeCloseTo(3850 / 3100, 12);
    // (3750 + 100 + 300 + 100) / 6200 for both.
    expect(relativeCost([cold, warm])).toBeCloseTo(4250 / 6200, 12);
  });

  it('passes the TTL and the read multiplier on to the price', () => {
    expect(relativeCost([cold], { ttl: '1h' })).toBeCloseTo(6100 / 3100, 12);
    expect(relativeCost([warm], { readMultiplier: 0.025 })).toBeCloseTo(175 / 3100, 12);
  });

  it('is 0 for no tokens at all', () => {
    expect(relativeCost([])).toBe(0);
  });
});
