import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import { idealPromptCache } from './ideal-prompt-cache.js';

const MINUTE = 60_000;
const segment = (text: string, tokens: number) => ({ text, tokens });

describe('idealPromptCache', () => {
  it('starts cold, then reads every segment sent before wherever it sits, and writes the new ones once', () => {
    const [first, second] = idealPromptCache([
      { at: 0, segments: [segment('system', 2000), segment('recap 1', 50), segment('hello', 10)] },
      // The recap changed and sits before the history: a prefix cache would lose 'hello', the ideal does not.
      {
        at: MINUTE,
        segments: [segment('system', 2000), segment('recap 2', 60), segment('hello', 10), segment('reply', 30)],
      },
    ]);
    expect(first).toEqual({ cacheReadTokens: 0, cacheWriteTokens: 2060, totalTokens: 2060 });
    expect(second).toEqual({ cacheReadTokens: 2010, cacheWriteTokens: 90, totalTokens: 2100 });
  });

  it('forgets what was last sent a whole window ago, and a use keeps a segment alive', () => {
    const results = idealPromptCache([
      { at: 0, segments: [segment('a', 5), segment('b', 7)] },
      { at: 4 * MINUTE, segments: [segment('a', 5)] },
      { at: 8 * MINUTE, segments: [segment('a', 5), segment('b', 7)] },
      { at: 13 * MINUTE, segments: [segment('a', 5)] },
    ]);
    expect(results.map((result) => result.cacheReadTokens)).toEqual([0, 5, 5, 0]);
  });

  it('does not read a segment repeated within the same request', () => {
    const [only] = idealPromptCache([{ at: 0, segments: [segment('x', 3), segment('x', 3)] }]);
    expect(only).toEqual({ cacheReadTokens: 0, cacheWriteTokens: 6, totalTokens: 6 });
  });

  it('rejects times that go backwards and invalid counts with a typed error', () => {
    expect(() =>
      idealPromptCache([
        { at: MINUTE, segments: [] },
        { at: 0, segments: [] },
      ]),
    ).toThrow(InvalidInputError);
    expect(() => idealPromptCache([{ at: 0, segments: [segment('x', -1)] }])).toThrow(InvalidInputError);
    expect(() => idealPromptCache([{ at: 0, segments: [segment('x', 1.5)] }])).toThrow(InvalidInputError);
  });
});
