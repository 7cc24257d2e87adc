import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { countGraphemes } from './count-graphemes.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function expectedCount(text: string): number {
  return [...segmenter.segment(text)].length;
}

const pieces = [
  'a',
  ' ',
  '\r\n',
  '中',
  '日本語',
  '한',
  'e\u0301',
  '\u0301',
  '👩‍👩‍👧',
  '\u200d',
  '👍🏽',
  '🇯🇵',
  '🇯',
  'क्ष',
  '\ud83d',
];
const mixedText = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);

describe('countGraphemes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('counts user-perceived characters, not UTF-16 units', () => {
    expect(countGraphemes('')).toBe(0);
    expect(countGraphemes('hello')).toBe(5);
    expect(countGraphemes('中文と日本語')).toBe(6);
    expect(countGraphemes('👩‍👩‍👧')).toBe(1);
    expect(countGraphemes('🇯🇵🇫🇷')).toBe(2);
    expect(countGraphemes('👍🏽')).toBe(1);
    expect(countGraphemes('cafe\u0301')).toBe(4);
    expect(countGraphemes('a\r\nb')).toBe(3);
  });

  it('agrees with Intl.Segmenter', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        expect(countGraphemes(text)).toBe(expectedCount(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('is exact up to stopAfter and above it beyond', () => {
    fc.assert(
      fc.property(mixedText, fc.nat({ max: 70 }), (text, stopAfter) => {
        const exact = expectedCount(text);
        const result = countGraphemes(text, { stopAfter });
        if (exact <= stopAfter) expect(result).toBe(exact);
        else expect(result).toBeGreaterThan(stopAfter);
      }),
      { numRuns: 1000 },
    );
  });

  it('stops reading soon after stopAfter', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    const text = '👩‍👩‍👧'.repeat(1_000_000);
    expect(countGraphemes(text, { stopAfter: 10 })).toBe(11);
    const read = segment.mock.calls.reduce((total, [input]) => total + input.length, 0);
    expect(read).toBeLessThan(1000);
  });

  it('counts a million characters of ASCII, CJK and emoji', () => {
    expect(countGraphemes('The quick brown fox. '.repeat(50_000))).toBe(1_050_000);
    expect(countGraphemes('中文日本語。'.repeat(200_000))).toBe(1_200_000);
    expect(countGraphemes('👩‍👩‍👧🇯🇵👍🏽'.repeat(62_500))).toBe(187_500);
    expect(countGraphemes('e\u0301'.repeat(500_000))).toBe(500_000);
  });

  it.each([-1, 1.5, Number.NaN])('rejects stopAfter %s', (stopAfter) => {
    expect(() => countGraphemes('abc', { stopAfter })).toThrow(InvalidInputError);
  });
});
