import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphemeBoundaries } from './grapheme-boundaries.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The reference: the whole string segmented in one call (fine on short strings). */
function expectedBoundaries(text: string): number[] {
  return Array.from(segmenter.segment(text), (segment) => segment.index + segment.segment.length);
}

function boundaries(text: string, windowSize?: number): number[] {
  return [...graphemeBoundaries(text, windowSize === undefined ? undefined : { windowSize })];
}

/** Pieces that are hard to segment, concatenated in any order, so that they also combine with one another. */
const awkwardPieces = [
  'a',
  'Z',
  ' ',
  '<',
  'abcdefghijkl',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\u0000',
  '中',
  '日本語',
  'カ\u3099',
  '한',
  '\u1100',
  '\u1161',
  '\u11a8',
  'e\u0301',
  'é',
  '\u0301',
  '\u0308',
  '👩‍👩‍👧',
  '👨‍💻',
  '\u200d',
  '👍🏽',
  '🏽',
  '🇯🇵',
  '🇫🇷',
  '🇯',
  '\ufe0f',
  '1\ufe0f\u20e3',
  'क्ष',
  'क',
  '\u094d',
  '\u0600',
  'مرحبا',
  'ก\u0e33',
  '\ud83d',
  '\udc4d',
];
const awkwardText = fc.array(fc.constantFrom(...awkwardPieces), { maxLength: 80 }).map((pieces) => pieces.join(''));
const anyText = fc.oneof(
  awkwardText,
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

describe('graphemeBoundaries', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('yields nothing for an empty text', () => {
    expect(boundaries('')).toEqual([]);
  });

  it('yields the end of every cluster', () => {
    expect(boundaries('ab')).toEqual([1, 2]);
    expect(boundaries('a\r\nb')).toEqual([1, 3, 4]);
    expect(boundaries('👩‍👩‍👧x')).toEqual([8, 9]);
    expect(boundaries('🇯🇵🇫🇷🇯')).toEqual([4, 8, 10]);
    expect(boundaries('e\u0301中')).toEqual([2, 3]);
    expect(boundaries('👍🏽')).toEqual([4]);
  });

  it('keeps a cluster longer than the window whole', () => {
    const longCluster = `e${'\u0301'.repeat(1000)}`;
    expect(boundaries(`${longCluster}x${longCluster}`, 4)).toEqual([1001, 1002, 2003]);
    const family = `👩${'\u200d👩'.repeat(300)}`;
    expect(boundaries(`a${family}`, 8)).toEqual([1, 1 + family.length]);
  });

  it('pairs regional indicators across window cuts', () => {
    const flags = `${'🇯🇵'.repeat(100)}🇯`;
    const expected = [...Array.from({ length: 100 }, (_, index) => (index + 1) * 4), 402];
    expect(boundaries(flags, 5)).toEqual(expected);
    expect(boundaries(flags)).toEqual(expected);
  });

  it('agrees with a single Intl.Segmenter call, whatever the window size', () => {
    fc.assert(
      fc.property(anyText, fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }), (text, windowSize) => {
        expect(boundaries(text, windowSize)).toEqual(expectedBoundaries(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with Intl.Segmenter next to every BMP code unit', () => {
    // The fast path trusts a table of code units; a wrong entry shows up in one of these contexts.
    const mismatches: string[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const character = String.fromCharCode(unit);
      for (const text of [
        `a${character}a`,
        `${character}${character}`,
        `가${character}가`,
        `\r${character}\n`,
        `${character}\ufe0f${character}`,
        `क${character}क`,
        `ก${character}ก`,
        `e\u0301${character}\u0301`,
        `क्${character}क`,
        `क${character}्क`,
        `${character}्${character}`,
        `स्त${character}्`,
      ]) {
        const actual = boundaries(text).join();
        if (actual !== expectedBoundaries(text).join()) mismatches.push(unit.toString(16));
      }
    }
    expect(mismatches).toEqual([]);
    // 786,432 texts segmented twice: seconds on a quiet machine, several times that on a busy one. The limit only
    // guards against a stall, never against a slow run.
  }, 300_000);

  it('agrees with Intl.Segmenter around every pictograph and regional indicator', () => {
    // Emoji clusters are read by hand; a pictograph that is not a plain "Other" would show up in one of these.
    const mismatches: string[] = [];
    const contexts = (x: string): string[] => [
      `${x}${x}`,
      `a${x}\u200d${x}b`,
      `${x}\ufe0f${x}\ufe0e`,
      `🇯🇵${x}🇯${x}`,
      `${x}🏽${x}`,
      `${x}\u0301a`,
      `${x}\u200da`,
      `${x}\u200d`,
      `\u0600${x}`,
      `${x}\u20e3\r\n`,
      `1\ufe0f\u20e3${x}`,
      `\u00ad\ufe0f${x}`,
      `a\ufe0e\u200d${x}`,
      `क्${x}`,
      `${x}\u{e0067}\u{e007f}${x}`,
      `${x}가\u1100`,
    ];
    for (let codePoint = 0; codePoint < 0x20000; codePoint++) {
      const character = String.fromCodePoint(codePoint);
      const regional = codePoint >= 0x1f1e6 && codePoint <= 0x1f1ff;
      if (!regional && !/^\p{Extended_Pictographic}$/u.test(character)) continue;
      for (const text of contexts(character)) {
        if (boundaries(text).join() !== expectedBoundaries(text).join()) mismatches.push(codePoint.toString(16));
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('reads rows of emoji and flags without the segmenter', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    const text = '👩‍👩‍👧👍🏽🇯🇵😀❤️1️⃣☺︎🏴󠁧󠁢󠁳󠁣󠁴󠁿 '.repeat(1000);
    const expected = expectedBoundaries(text);
    segment.mockClear();
    expect(boundaries(text)).toEqual(expected);
    expect(segment).not.toHaveBeenCalled();
  });

  it('never hands the segmenter more than a window', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    const text = '👩‍👩‍👧 mixed مرحبا e\u0301 🇯🇵 text '.repeat(5000);
    let count = 0;
    for (const _boundary of graphemeBoundaries(text)) count += 1;
    expect(count).toBe(expectedBoundaries(text.slice(0, text.length / 5000)).length * 5000);
    expect(segment).toHaveBeenCalled();
    const longest = Math.max(...segment.mock.calls.map(([input]) => input.length));
    expect(longest).toBeLessThanOrEqual(256);
  });

  it('reads only what it yields, plus a window', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    const text = '👍🏽'.repeat(1_000_000);
    const first: number[] = [];
    for (const boundary of graphemeBoundaries(text)) {
      first.push(boundary);
      if (first.length === 3) break;
    }
    expect(first).toEqual([4, 8, 12]);
    const read = segment.mock.calls.reduce((total, [input]) => total + input.length, 0);
    expect(read).toBeLessThanOrEqual(256);
  });

  it('handles a million characters of ASCII, CJK and emoji', () => {
    const ascii = 'The quick brown fox. '.repeat(50_000);
    expect(boundaries(ascii)).toHaveLength(ascii.length);
    const cjk = '中文日本語。'.repeat(200_000);
    expect(boundaries(cjk)).toHaveLength(cjk.length);
    const emoji = '👩‍👩‍👧🇯🇵👍🏽'.repeat(62_500);
    const emojiBoundaries = boundaries(emoji);
    expect(emojiBoundaries).toHaveLength(3 * 62_500);
    expect(emojiBoundaries.slice(-3)).toEqual([emoji.length - 8, emoji.length - 4, emoji.length]);
  });
});
