import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import { priceOf } from './price-request.js';

/** Sonnet 4.6's base input price: $3 per million tokens (5m write $3.75, 1h write $6, read $0.30). */
const SONNET = { inputPricePerMillion: 3 };
const cold = { cacheReadTokens: 0, cacheWriteTokens: 3000, uncachedTokens: 100 };
const warm = { cacheReadTokens: 3000, cacheWriteTokens: 0, uncachedTokens: 100 };

describe('priceOf', () => {
  it('prices reads at 0.1x and plain input at 1x', () => {
    // 3000 × $0.30 + 100 × $3, per million.
    expect(priceOf(warm, SONNET)).toBeCloseTo(0.0012, 12);
  });

  it('prices 5-minute writes at 1.25x by default', () => {
    // 3000 × $3.75 + 100 × $3, per million.
    expect(priceOf(cold, SONNET)).toBeCloseTo(0.01155, 12);
    expect(priceOf(cold, { ...SONNET, ttl: '5m' })).toBeCloseTo(0.01155, 12);
  });

  it('prices 1-hour writes at 2x when asked for tokens that do not say their TTL', () => {
    // 3000 × $6 + 100 × $3, per million.
    expect(priceOf(cold, { ...SONNET, ttl: '1h' })).toBeCloseTo(0.0183, 12);
  });

  it('prices the 1-hour and 5-minute parts of a simulated result each at its own rate', () => {
    // 2000 × $6 + 1000 × $3.75 + 100 × $3, per million.
    const mixed = { ...cold, oneHourCacheWriteTokens: 2000 };
    expect(priceOf(mixed, SONNET)).toBeCloseTo(0.01605, 12);
  });

  it('rejects a ttl that contradicts the tokens, and accepts one that agrees', () => {
    const mixed = { ...cold, oneHourCacheWriteTokens: 2000 };
    for (const ttl of ['5m', '1h'] as const) {
      let caught: unknown;
      try {
        priceOf(mixed, { ...SONNET, ttl });
      } catch (error) {
        caught = error;
      }
      expect(InvalidInputError.isInstance(caught) && caught.code).toBe('INVALID_ARGUMENT');
    }
    expect(priceOf({ ...cold, oneHourCacheWriteTokens: 3000 }, { ...SONNET, ttl: '1h' })).toBeCloseTo(0.0183, 12);
    expect(priceOf({ ...cold, oneHourCacheWriteTokens: 0 }, { ...SONNET, ttl: '5m' })).toBeCloseTo(0.01155, 12);
  });

  it('takes another read multiplier (0.025x on Claude Fable 5.1 and Mythos 5.1)', () => {
    // 3000 × $10 × 0.025 + 100 × $10, per million.
    expect(priceOf(warm, { inputPricePerMillion: 10, readMultiplier: 0.025 })).toBeCloseTo(0.00175, 12);
  });
});
