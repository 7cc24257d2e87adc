import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionShare } from './question-share.js';

describe('questionShare', () => {
  it('is 1 for a question, 0 for a statement, and in between for both', () => {
    expect(questionShare('When are you opening the studio?')).toBe(1);
    expect(questionShare('你喜欢户外活动吗？')).toBe(1);
    expect(questionShare('I adopted a cat last week.')).toBe(0);
    expect(questionShare('I adopted a cat')).toBe(0);
    // Only the last clause of a run-on question asks.
    expect(questionShare('我在厨房里经常把食材烧焦，你有什么建议？')).toBeCloseTo(5 / 15);
    const mixed = questionShare('Wow, that looks amazing! What inspired it?');
    expect(mixed).toBeGreaterThan(0.3);
    expect(mixed).toBeLessThan(0.7);
  });

  it('is 0 for text without letters', () => {
    expect(questionShare('')).toBe(0);
    expect(questionShare('??? !!!')).toBe(0);
    expect(questionShare('👍')).toBe(0);
  });

  it('is always between 0 and 1, and reads only the head of a huge text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const share = questionShare(text);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }),
    );
    expect(questionShare(`${'Why? '.repeat(200_000)}`)).toBe(1);
  });
});
