import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseWithStanding } from './fuse-with-standing.js';

const keys = (fused: ReadonlyArray<{ key: string }>) => fused.map(({ key }) => key);

describe('fuseWithStanding', () => {
  it('lets the vector reorder close lexical hits and bring in an item no word found', () => {
    const lexical = [
      { key: 'a', score: 10 },
      { key: 'b', score: 9.5 },
      { key: 'c', score: 2 },
    ];
    const byCosine = [
      { key: 'b', cosine: 0.9 },
      { key: 'd', cosine: 0.8 },
      { key: 'c', cosine: 0.1 },
    ];
    expect(keys(fuseWithStanding(lexical, byCosine, { weight: 0.3, depth: 3 }))).toEqual(['b', 'a', 'd', 'c']);
  });

  it('never demotes a strong lexical match: the clear lexical best stays first whatever the vector says', () => {
    const lexical = [
      { key: 'a', score: 10 },
      { key: 'b', score: 5 },
    ];
    const byCosine = [
      { key: 'z', cosine: 0.99 },
      { key: 'b', cosine: 0.98 },
      { key: 'a', cosine: 0.01 },
    ];
    expect(keys(fuseWithStanding(lexical, byCosine, { weight: 0.3, depth: 3 }))).toEqual(['a', 'b', 'z']);
  });

  it('is the lexical ranking with a weight of 0 or no vector, and the vector ranking with no lexical hit', () => {
    const lexical = [
      { key: 'a', score: 3 },
      { key: 'b', score: 3 },
      { key: 'c', score: 1 },
    ];
    const byCosine = [
      { key: 'c', cosine: 0.9 },
      { key: 'x', cosine: 0.5 },
    ];
    expect(keys(fuseWithStanding(lexical, byCosine, { weight: 0, depth: 2 })).slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(keys(fuseWithStanding(lexical, [], { weight: 0.3, depth: 2 }))).toEqual(['a', 'b', 'c']);
    expect(keys(fuseWithStanding([], byCosine, { weight: 0.3, depth: 2 }))).toEqual(['c', 'x']);
    expect(fuseWithStanding([], [], { weight: 0.3, depth: 2 })).toEqual([]);
  });

  it('reads only the vector ranking to its depth', () => {
    const byCosine = [
      { key: 'x', cosine: 0.9 },
      { key: 'y', cosine: 0.8 },
      { key: 'z', cosine: 0.7 },
    ];
    expect(keys(fuseWithStanding([], byCosine, { weight: 0.3, depth: 2 }))).toEqual(['x', 'y']);
  });

  it('keeps its guarantees on any rankings (property)', () => {
    const lexicalArbitrary = fc.uniqueArray(
      fc.record({ key: fc.integer({ min: 0, max: 40 }), score: fc.double({ min: 0.001, max: 100, noNaN: true }) }),
      { selector: (hit) => hit.key, maxLength: 20 },
    );
    const vectorArbitrary = fc.uniqueArray(
      fc.record({ key: fc.integer({ min: 0, max: 40 }), cosine: fc.double({ min: -1, max: 1, noNaN: true }) }),
      { selector: (hit) => hit.key, maxLength: 20 },
    );
    fc.assert(
      fc.property(
        lexicalArbitrary,
        vectorArbitrary,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 25 }),
        (lexical, unsorted, weight, depth) => {
          const byCosine = [...unsorted].sort((a, b) => b.cosine - a.cosine);
          const fused = fuseWithStanding(lexical, byCosine, { weight, depth });
          const order = fused.map(({ key }) => key);
          // Every lexical hit and every vector hit within the depth, once each.
          expect(new Set(order).size).toBe(order.length);
          const expected = new Set([
            ...lexical.map(({ key }) => key),
            ...byCosine.slice(0, depth).map(({ key }) => key),
          ]);
          expect(new Set(order)).toEqual(expected);
          // Best first.
          for (let index = 1; index < fused.length; index += 1) {
            expect((fused[index - 1]?.score ?? 0) >= (fused[index]?.score ?? 0)).toBe(true);
          }
          const best = Math.max(...lexical.map(({ score }) => score));
          const share = new Map(lexical.map(({ key, score }) => [key, score / best]));
          for (const a of lexical) {
            for (const b of order) {
              const shareA = share.get(a.key) ?? 0;
              const shareB = share.get(b) ?? 0;
              // A lexical hit leading another item by more than the weight stays ahead of it.
              if (shareA - shareB > weight + 1e-9) expect(order.indexOf(a.key)).toBeLessThan(order.indexOf(b));
            }
          }
        },
      ),
    );
  });
});
