import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseRankings } from './fuse-rankings.js';

describe('fuseRankings', () => {
  it('puts first what both rankings place high, above what only one places first', () => {
    const fused = fuseRankings([
      ['a', 'b', 'c'],
      ['d', 'b', 'a'],
    ]).map(({ key }) => key);
    expect(fused.slice(0, 2).sort()).toEqual(['a', 'b']);
    expect(fused).toHaveLength(4);
    expect(fused.indexOf('d')).toBeGreaterThan(fused.indexOf('b'));
  });

  it('keeps one ranking as it is, and breaks ties by the first ranking', () => {
    expect(fuseRankings([[3, 1, 2]]).map(({ key }) => key)).toEqual([3, 1, 2]);
    // Rank 1 in each of two lists: equal scores, the first list's item first.
    expect(fuseRankings([['x'], ['y']]).map(({ key }) => key)).toEqual(['x', 'y']);
    expect(fuseRankings([[], []])).toEqual([]);
  });

  it('never loses or repeats an item, and scores best first (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }), { maxLength: 3 }),
        (rankings) => {
          const fused = fuseRankings(rankings);
          const keys = fused.map(({ key }) => key);
          expect(new Set(keys).size).toBe(keys.length);
          expect(new Set(keys)).toEqual(new Set(rankings.flat()));
          for (let index = 1; index < fused.length; index += 1) {
            expect((fused[index - 1] as { score: number }).score).toBeGreaterThanOrEqual(
              (fused[index] as { score: number }).score,
            );
          }
        },
      ),
    );
  });
});
