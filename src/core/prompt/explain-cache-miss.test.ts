import { describe, expect, it } from 'vitest';
import { type CacheBasis, type CacheRequestBasis, explainCacheMiss } from './explain-cache-miss.js';

const MINUTE = 60_000;
const WINDOW = 5 * MINUTE;

/** A request whose blocks are named by their prefix keys, with breakpoints at the given positions. */
function request(
  at: number,
  keys: string[],
  breakpoints: number[],
  parts: Partial<CacheBasis> = {},
): CacheRequestBasis {
  const last = breakpoints.at(-1);
  return {
    at,
    layout: 'cache-aware',
    system: 'base',
    summary: null,
    pin: 'task',
    facts: null,
    cachedKey: last === undefined ? null : (keys[last] ?? null),
    prefixKeys: keys,
    breakpoints,
    ...parts,
  };
}

describe('explainCacheMiss', () => {
  const previous = request(0, ['s', 'p', 'u1', 'a1', 'u2'], [0, 1, 3]);

  it('says nothing when the previous cached prefix is still a prefix within reach of a breakpoint', () => {
    expect(
      explainCacheMiss(previous, request(MINUTE, ['s', 'p', 'u1', 'a1', 'u2', 'a2', 'u3'], [0, 1, 5]), WINDOW),
    ).toBe(null);
  });

  it('is cold for the first request, after the window, and after a request that cached nothing', () => {
    const next = request(MINUTE, ['s', 'p', 'u1', 'a1', 'u2', 'a2', 'u3'], [0, 1, 5]);
    expect(explainCacheMiss(null, next, WINDOW)).toBe('cold');
    expect(explainCacheMiss(previous, { ...next, at: WINDOW }, WINDOW)).toBe('cold');
    expect(explainCacheMiss(request(0, ['s', 'u1'], []), next, WINDOW)).toBe('cold');
  });

  it('names the first part that changed, in prefix order', () => {
    const keys = ['s', 'p*', 'u1*', 'a1*', 'u2*', 'a2*', 'u3*'];
    const changed = (parts: Partial<CacheBasis>) =>
      explainCacheMiss(previous, request(MINUTE, keys, [0, 1, 5], parts), WINDOW);
    expect(changed({ pin: 'task, and a clarification' })).toBe('pin-changed');
    expect(changed({ summary: 'a summary', pin: 'another task' })).toBe('summary-changed');
    expect(changed({ facts: 'a fact' })).toBe('facts-changed');
    expect(changed({ system: 'another base prompt', pin: 'another task' })).toBe('layout-changed');
    expect(changed({ layout: 'seed' })).toBe('layout-changed');
    // Nothing before the history changed: the conversation did (a caller cut or edited its messages).
    expect(changed({})).toBe('history-changed');
  });

  it('is a layout change when the prefix is there but no breakpoint of the new request reaches it', () => {
    const keys = Array.from({ length: 40 }, (_, index) =>
      index < 5 ? ['s', 'p', 'u1', 'a1', 'u2'][index] : `m${index}`,
    );
    const far = request(MINUTE, keys as string[], [0, 1, 39]);
    expect(explainCacheMiss(previous, far, WINDOW)).toBe('layout-changed');
    // 19 positions back is still within the lookback of 20.
    expect(explainCacheMiss(previous, { ...far, breakpoints: [0, 1, 22] }, WINDOW)).toBe(null);
    expect(explainCacheMiss(previous, { ...far, breakpoints: [0, 1, 23] }, WINDOW)).toBe('layout-changed');
  });
});
