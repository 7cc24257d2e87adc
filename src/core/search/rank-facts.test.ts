import { describe, expect, it } from 'vitest';
import type { Fact } from '../../spec/fact.js';
import type { FactCandidate } from '../../spec/memory-store.js';
import { FACT_RANK_WEIGHTS, rankFacts } from './rank-facts.js';

const now = new Date('2026-03-01T12:00:00.000Z');
const DAY_MS = 86_400_000;

function candidate(
  id: number,
  relevance: number,
  options: { ageDays?: number; accessCount?: number } = {},
): FactCandidate {
  const fact: Fact = {
    id,
    agentId: 'agent',
    userId: 'user',
    text: `fact ${id}`,
    accessCount: options.accessCount ?? 0,
    createdAt: new Date(now.getTime() - (options.ageDays ?? 0) * DAY_MS),
    lastUsedAt: null,
    source: 'user',
  };
  return { fact, relevance };
}

function order(candidates: FactCandidate[]): number[] {
  return rankFacts(candidates, now).map((fact) => fact.id);
}

describe('rankFacts', () => {
  it('scores a brand-new, never-used fact at relevance × 1.15', () => {
    const [ranked] = rankFacts([candidate(1, 2)], now);
    expect(ranked?.score).toBeCloseTo(2.3, 12);
  });

  it('halves the recency lift every 30 days', () => {
    // 1 + 0.15 × 0.5 = 1.075 at 30 days; 1 + 0.15 × 0.25 = 1.0375 at 60 days.
    expect(rankFacts([candidate(1, 1, { ageDays: 30 })], now)[0]?.score).toBeCloseTo(1.075, 12);
    expect(rankFacts([candidate(1, 1, { ageDays: 60 })], now)[0]?.score).toBeCloseTo(1.0375, 12);
  });

  it('lifts a fact used 20 times or more by the full use weight, 0.1', () => {
    // Very old (recency ≈ 0) and used 20 times: 1 + 0.1.
    expect(rankFacts([candidate(1, 1, { ageDays: 100_000, accessCount: 20 })], now)[0]?.score).toBeCloseTo(1.1, 12);
    expect(rankFacts([candidate(1, 1, { ageDays: 100_000, accessCount: 500 })], now)[0]?.score).toBeCloseTo(1.1, 12);
    // Used 4 times: log(5) / log(21) of the weight.
    expect(rankFacts([candidate(1, 1, { ageDays: 100_000, accessCount: 4 })], now)[0]?.score).toBeCloseTo(
      1 + (0.1 * Math.log(5)) / Math.log(21),
      12,
    );
  });

  it('treats a fact created after now as brand new', () => {
    expect(rankFacts([candidate(1, 1, { ageDays: -10 })], now)[0]?.score).toBeCloseTo(1.15, 12);
  });

  it('keeps the fact fields and adds the score', () => {
    const input = candidate(7, 1, { accessCount: 3 });
    const [ranked] = rankFacts([input], now);
    expect(ranked).toMatchObject({ ...input.fact });
    expect(typeof ranked?.score).toBe('number');
  });

  it('orders by relevance: the priors never beat a relevance lead of more than 25 %', () => {
    // Old and unused at relevance 2 scores 2; new and used 20 times at relevance 1.5 scores 1.5 × 1.25 = 1.875.
    const oldButRelevant = candidate(1, 2, { ageDays: 100_000 });
    const newAndPopular = candidate(2, 1.5, { accessCount: 20 });
    expect(order([newAndPopular, oldButRelevant])).toEqual([1, 2]);
    expect(order([candidate(3, 0.5), candidate(4, 3, { ageDays: 365 }), candidate(5, 1)])).toEqual([4, 5, 3]);
  });

  it('breaks a relevance tie by recency', () => {
    expect(
      order([candidate(1, 1, { ageDays: 90 }), candidate(2, 1, { ageDays: 1 }), candidate(3, 1, { ageDays: 30 })]),
    ).toEqual([2, 3, 1]);
  });

  it('breaks a relevance and age tie by use', () => {
    expect(
      order([
        candidate(1, 1, { ageDays: 10, accessCount: 0 }),
        candidate(2, 1, { ageDays: 10, accessCount: 15 }),
        candidate(3, 1, { ageDays: 10, accessCount: 3 }),
      ]),
    ).toEqual([2, 3, 1]);
  });

  it('gives a fact with no relevance a score of 0, whatever its priors', () => {
    const ranked = rankFacts([candidate(1, 0, { accessCount: 50 }), candidate(2, 0.01, { ageDays: 1000 })], now);
    expect(ranked.map((fact) => [fact.id, fact.score])).toEqual([
      [2, expect.closeTo(0.01 * (1 + 0.15 * 0.5 ** (1000 / 30)), 12)],
      [1, 0],
    ]);
  });

  it('orders equal scores newest first, then by the higher id', () => {
    const sameAge = [candidate(4, 0), candidate(9, 0), candidate(6, 0)];
    expect(order(sameAge)).toEqual([9, 6, 4]);
    expect(
      order([candidate(1, 0, { ageDays: 2 }), candidate(2, 0, { ageDays: 5 }), candidate(3, 0, { ageDays: 1 })]),
    ).toEqual([3, 1, 2]);
  });

  it("takes other weights, and ranks with today's when given none", () => {
    const input = [
      candidate(1, 1, { ageDays: 90 }),
      candidate(2, 1.05, { ageDays: 400 }),
      candidate(3, 1, { ageDays: 1 }),
    ];
    expect(rankFacts(input, now, [], FACT_RANK_WEIGHTS)).toEqual(rankFacts(input, now));
    expect(FACT_RANK_WEIGHTS).toEqual({
      recencyHalfLifeDays: 30,
      recencyWeight: 0.15,
      useWeight: 0.1,
      entityWeight: 0.3,
    });
    expect(order(input)).toEqual([3, 2, 1]);
    // Without the recency prior, relevance alone: the old fact first.
    const noRecency = { ...FACT_RANK_WEIGHTS, recencyWeight: 0 };
    expect(rankFacts(input, now, [], noRecency).map((fact) => fact.id)).toEqual([2, 3, 1]);
    // A half-life of a year: the 90-day-old fact keeps most of its lift and passes the 400-day-old one.
    const slowRecency = { ...FACT_RANK_WEIGHTS, recencyHalfLifeDays: 365 };
    expect(rankFacts(input, now, [], slowRecency).map((fact) => fact.id)).toEqual([3, 1, 2]);
  });

  it('returns nothing for no candidate, and does not reorder its input', () => {
    expect(rankFacts([], now)).toEqual([]);
    const input = [candidate(1, 1), candidate(2, 5)];
    rankFacts(input, now);
    expect(input.map((item) => item.fact.id)).toEqual([1, 2]);
  });
});
