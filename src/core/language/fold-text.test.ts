import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldCase, foldToWords } from './fold-text.js';

const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom(
      'Ａ',
      'é',
      'e\u0301',
      '’',
      '‘',
      '`',
      "'",
      ' ',
      '\t',
      '!',
      'I',
      'İ',
      'ß',
      '中',
      '한',
      'ｶ',
      '1',
      '１',
    ),
  }),
);

describe('foldCase and foldToWords', () => {
  it('fold width, case and apostrophes', () => {
    expect(foldCase('ＰＮＰＭ user’s')).toBe("pnpm user's");
    expect(foldToWords('User prefers  PNPM!')).toBe('user prefers pnpm');
    expect(foldToWords('don’t  stop', { apostrophes: true })).toBe("don't stop");
  });

  it('give the canonical form facts were hashed with before they moved here, for any text (property)', () => {
    // Stored fact hashes depend on it: a change would let a known fact be stored again.
    fc.assert(
      fc.property(anyText, (text) => {
        const before = text
          .normalize('NFKC')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim();
        expect(foldToWords(text)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });
});
