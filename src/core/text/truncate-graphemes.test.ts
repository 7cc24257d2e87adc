import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { truncateGraphemes } from './truncate-graphemes.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function clusters(text: string): string[] {
  return Array.from(segmenter.segment(text), (segment) => segment.segment);
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
];
const mixedText = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);

describe('truncateGraphemes', () => {
  it('returns a text of at most max clusters unchanged', () => {
    expect(truncateGraphemes('hello', 5)).toBe('hello');
    expect(truncateGraphemes('👩‍👩‍👧🇯🇵', 2)).toBe('👩‍👩‍👧🇯🇵');
    expect(truncateGraphemes('', 0)).toBe('');
  });

  it('keeps whole clusters and ends with the ellipsis', () => {
    expect(truncateGraphemes('hello world', 6)).toBe('hello…');
    expect(truncateGraphemes('中文日本語です', 4)).toBe('中文日…');
    expect(truncateGraphemes('👩‍👩‍👧👨‍💻🇯🇵🇫🇷', 3)).toBe('👩‍👩‍👧👨‍💻…');
    expect(truncateGraphemes('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…');
  });

  it('takes a custom ellipsis, counted in clusters', () => {
    expect(truncateGraphemes('hello world', 8, { ellipsis: '...' })).toBe('hello...');
    expect(truncateGraphemes('hello world', 5, { ellipsis: '' })).toBe('hello');
    expect(truncateGraphemes('hello world', 4, { ellipsis: ' 👩‍👩‍👧' })).toBe('he 👩‍👩‍👧');
  });

  it('drops an ellipsis longer than max', () => {
    expect(truncateGraphemes('hello', 0)).toBe('');
    expect(truncateGraphemes('hello', 2, { ellipsis: '...' })).toBe('he');
  });

  it('is the first clusters plus the ellipsis, at most max in all', () => {
    fc.assert(
      fc.property(mixedText, fc.nat({ max: 70 }), fc.constantFrom('…', '...', '', ' [more]'), (text, max, ellipsis) => {
        const result = truncateGraphemes(text, max, { ellipsis });
        const all = clusters(text);
        if (all.length <= max) {
          expect(result).toBe(text);
          return;
        }
        const ellipsisLength = clusters(ellipsis).length;
        const expected =
          ellipsisLength > max ? all.slice(0, max).join('') : all.slice(0, max - ellipsisLength).join('') + ellipsis;
        expect(result).toBe(expected);
        expect(clusters(result).length).toBeLessThanOrEqual(max);
        expect(result.isWellFormed()).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('truncates a million characters', () => {
    const family = '👩‍👩‍👧';
    expect(truncateGraphemes(family.repeat(125_000), 3)).toBe(`${family}${family}…`);
    expect(truncateGraphemes('中'.repeat(1_000_000), 1_000_000)).toBe('中'.repeat(1_000_000));
    expect(truncateGraphemes(`${'中'.repeat(1_000_000)}!`, 1_000_000)).toBe(`${'中'.repeat(999_999)}…`);
  });

  it.each([-1, 2.5, Number.NaN])('rejects max %s', (max) => {
    expect(() => truncateGraphemes('abc', max)).toThrow(InvalidInputError);
  });
});
