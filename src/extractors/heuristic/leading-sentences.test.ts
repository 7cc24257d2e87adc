import { describe, expect, it } from 'vitest';
import { leadingSentences } from './leading-sentences.js';

describe('leadingSentences', () => {
  it('returns the sentences of a short text, without code blocks', () => {
    expect(leadingSentences('Use pnpm.\n```\nnpm i\n```\nKeep tests.', 100)).toEqual(['Use pnpm.', 'Keep tests.']);
  });

  it('reads only the head of a long text and drops its cut last sentence', () => {
    const text = `Use pnpm. Keep the tests. ${'x'.repeat(10_000)}`;
    expect(leadingSentences(text, 40)).toEqual(['Use pnpm.', 'Keep the tests.']);
  });

  it('keeps a cut sentence when it is the only one', () => {
    expect(leadingSentences('a'.repeat(100), 10)).toEqual(['a'.repeat(10)]);
  });
});
