import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { trimTurn } from './trim-turn.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function clusters(text: string): string[] {
  return Array.from(segmenter.segment(text), (segment) => segment.segment);
}

function marker(removed: number): string {
  return `\n…[trimmed ${removed} chars]…\n`;
}

const small = { threshold: 10, head: 4, tail: 3 };

/** Whole clusters of every hard kind, plus loose combining marks, joiners and indicators that attach to neighbours. */
const mixedPieces = [
  'a',
  'Z',
  ' ',
  '.',
  '\n',
  '\r\n',
  '中',
  '文',
  '日本語',
  '한국',
  'e\u0301',
  'a\u0308\u0301',
  '\u0301',
  '👩‍👩‍👧',
  '👨‍💻',
  '\u200d',
  '👍🏽',
  '🏽',
  '🇯🇵',
  '🇫🇷',
  '🇯',
  '1\ufe0f\u20e3',
  'क्ष',
  'مرحبا',
];
const mixedText = fc.array(fc.constantFrom(...mixedPieces), { maxLength: 120 }).map((pieces) => pieces.join(''));
const anyText = fc.oneof(mixedText, fc.string({ unit: 'grapheme', maxLength: 120 }));
const trimOptions = fc
  .tuple(fc.nat({ max: 30 }), fc.nat({ max: 30 }), fc.nat({ max: 30 }))
  .map(([head, tail, extra]) => ({ head, tail, threshold: head + tail + 1 + extra }));

describe('trimTurn', () => {
  it('returns a text of exactly threshold clusters unchanged', () => {
    for (const unit of ['a', '中', '👩‍👩‍👧', '🇯🇵', 'e\u0301']) {
      const text = unit.repeat(10);
      expect(trimTurn(text, small)).toBe(text);
    }
  });

  it('trims a text of threshold + 1 clusters', () => {
    expect(trimTurn('abcdefghijk', small)).toBe(`abcd${marker(4)}ijk`);
  });

  it('uses 800, 300 and 200 by default', () => {
    expect(trimTurn('x'.repeat(800))).toBe('x'.repeat(800));
    expect(trimTurn('x'.repeat(801))).toBe(`${'x'.repeat(300)}${marker(301)}${'x'.repeat(200)}`);
  });

  it('counts head and tail in clusters, whatever the script', () => {
    for (const unit of ['a', '中文', '日本語', '👩‍👩‍👧', '🇯🇵', '👍🏽', 'e\u0301']) {
      const text = unit.repeat(12);
      const all = clusters(text);
      expect(all).toHaveLength(clusters(unit).length * 12);
      const expected = `${all.slice(0, 4).join('')}${marker(all.length - 7)}${all.slice(-3).join('')}`;
      expect(trimTurn(text, small)).toBe(expected);
    }
    expect(trimTurn('🇯🇵'.repeat(12), small)).toBe(`${'🇯🇵'.repeat(4)}${marker(5)}${'🇯🇵'.repeat(3)}`);
    expect(trimTurn('e\u0301'.repeat(12), small)).toBe(`${'e\u0301'.repeat(4)}${marker(5)}${'e\u0301'.repeat(3)}`);
    // 13 clusters: a 中 👩‍👩‍👧 🇯🇵 é b 日 👍🏽 🇫🇷 c̈ d 本 語
    const mixed = 'a中👩‍👩‍👧🇯🇵e\u0301b日👍🏽🇫🇷c\u0308d本語';
    expect(trimTurn(mixed, small)).toBe(`a中👩‍👩‍👧🇯🇵${marker(6)}d本語`);
  });

  it('is the first head clusters, the marker and the last tail clusters', () => {
    fc.assert(
      fc.property(anyText, trimOptions, (text, options) => {
        const all = clusters(text);
        const result = trimTurn(text, options);
        if (all.length <= options.threshold) {
          expect(result).toBe(text);
          return;
        }
        const removed = all.length - options.head - options.tail;
        const head = all.slice(0, options.head).join('');
        const tail = options.tail === 0 ? '' : all.slice(-options.tail).join('');
        expect(result).toBe(`${head}${marker(removed)}${tail}`);
        expect(result.isWellFormed()).toBe(true);
        expect(text.startsWith(head)).toBe(true);
        expect(text.endsWith(tail)).toBe(true);
        // No cluster is split: the head and the tail segment into exactly the clusters they were taken from.
        expect(clusters(head)).toEqual(all.slice(0, options.head));
        expect(clusters(tail)).toEqual(options.tail === 0 ? [] : all.slice(-options.tail));
        expect(options.head + removed + options.tail).toBe(all.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('never splits a surrogate pair, even next to lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 11, maxLength: 60 }), (text) => {
        const all = clusters(text);
        const result = trimTurn(text, small);
        if (all.length <= small.threshold) return;
        expect(result).toBe(`${all.slice(0, 4).join('')}${marker(all.length - 7)}${all.slice(-3).join('')}`);
        if (text.isWellFormed()) expect(result.isWellFormed()).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('trims a million characters of ASCII, CJK and emoji', () => {
    const ascii = 'The quick brown fox. '.repeat(50_000);
    expect(trimTurn(ascii)).toBe(`${ascii.slice(0, 300)}${marker(ascii.length - 500)}${ascii.slice(-200)}`);
    const cjk = '中文日本語。'.repeat(200_000);
    expect(trimTurn(cjk)).toBe(`${cjk.slice(0, 300)}${marker(cjk.length - 500)}${cjk.slice(-200)}`);
    const family = '👩‍👩‍👧';
    const emoji = family.repeat(125_000);
    expect(emoji).toHaveLength(1_000_000);
    expect(trimTurn(emoji)).toBe(`${family.repeat(300)}${marker(125_000 - 500)}${family.repeat(200)}`);
  });

  it('rejects options that are not non-negative integers', () => {
    for (const options of [{ head: -1 }, { tail: 1.5 }, { threshold: Number.NaN }, { threshold: Infinity }]) {
      expect(() => trimTurn('abc', options)).toThrow(InvalidInputError);
    }
  });

  it('rejects head + tail not below threshold', () => {
    expect(() => trimTurn('abc', { threshold: 10, head: 5, tail: 5 })).toThrow(/less than options.threshold/);
    expect(() => trimTurn('abc', { threshold: 10, head: 5, tail: 4 })).not.toThrow();
    try {
      trimTurn('abc', { head: 700 });
      expect.unreachable();
    } catch (error) {
      expect(InvalidInputError.isInstance(error) && error.code === 'INVALID_ARGUMENT' && error.argument).toBe(
        'options',
      );
    }
  });
});
