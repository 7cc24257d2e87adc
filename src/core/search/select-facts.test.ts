import { describe, expect, it } from 'vitest';
import { selectFacts } from './select-facts.js';

/** One token per word, so the sizes below can be counted by eye. */
function countWords(text: string): number {
  return text.split(' ').filter(Boolean).length;
}

function facts(...texts: string[]): Array<{ id: number; text: string }> {
  return texts.map((text, index) => ({ id: index + 1, text }));
}

describe('selectFacts', () => {
  it('keeps the best facts, in order, up to topK', () => {
    const ranked = facts('a', 'b', 'c', 'd', 'e');
    expect(selectFacts(ranked, { topK: 3, tokenBudget: 100, count: countWords }).map((fact) => fact.id)).toEqual([
      1, 2, 3,
    ]);
  });

  it('returns the very objects it was given', () => {
    const ranked = facts('a', 'b');
    const selected = selectFacts(ranked, { topK: 3, tokenBudget: 100, count: countWords });
    expect(selected[0]).toBe(ranked[0]);
    expect(selected[1]).toBe(ranked[1]);
  });

  it('stays within the token budget, counting the budget as inclusive', () => {
    // 2 + 3 = 5 fits a budget of 5; the next fact (1) would make 6.
    const ranked = facts('one two', 'one two three', 'one');
    expect(selectFacts(ranked, { topK: 10, tokenBudget: 5, count: countWords }).map((fact) => fact.id)).toEqual([1, 2]);
  });

  it('skips a fact too large for what is left and takes a later, smaller one', () => {
    // Budget 6: 3 taken (3 left), 5 skipped, 4 skipped, 2 taken (1 left), 1 taken (0 left).
    const ranked = facts('a b c', 'a b c d e', 'a b c d', 'a b', 'a');
    expect(selectFacts(ranked, { topK: 10, tokenBudget: 6, count: countWords }).map((fact) => fact.id)).toEqual([
      1, 4, 5,
    ]);
  });

  it('skips a first fact larger than the whole budget', () => {
    const ranked = facts('a b c d e f g h', 'a b');
    expect(selectFacts(ranked, { topK: 3, tokenBudget: 5, count: countWords }).map((fact) => fact.id)).toEqual([2]);
  });

  it('stops counting once topK facts are selected', () => {
    const counted: string[] = [];
    const count = (text: string) => {
      counted.push(text);
      return 1;
    };
    selectFacts(facts('a', 'b', 'c', 'd'), { topK: 2, tokenBudget: 100, count });
    expect(counted).toEqual(['a', 'b']);
  });

  it('selects nothing with topK 0, a budget of 0 for non-empty facts, or no fact', () => {
    expect(selectFacts(facts('a'), { topK: 0, tokenBudget: 100, count: countWords })).toEqual([]);
    expect(selectFacts(facts('a'), { topK: 3, tokenBudget: 0, count: countWords })).toEqual([]);
    expect(selectFacts([], { topK: 3, tokenBudget: 100, count: countWords })).toEqual([]);
  });
});
