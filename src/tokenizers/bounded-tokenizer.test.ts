import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Tokenizer } from '../spec/tokenizer.js';
import { type BoundedTokenizerOptions, boundedTokenizer } from './bounded-tokenizer.js';
import { o200kTokenizer } from './o200k-tokenizer.js';

const exact = o200kTokenizer();
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The bounded count, and the pieces it handed to the wrapped tokenizer, in order. */
function countWithPieces(text: string, options?: BoundedTokenizerOptions): { count: number; pieces: string[] } {
  const pieces: string[] = [];
  const recording: Tokenizer = {
    specificationVersion: 'v1',
    name: 'recording',
    count: (piece) => {
      pieces.push(piece);
      return exact.count(piece);
    },
  };
  return { count: boundedTokenizer(recording, options).count(text), pieces };
}

/** Where the pieces end, as offsets into the text (the text's end excluded). */
function cutsOf(pieces: readonly string[]): number[] {
  const cuts: number[] = [];
  let offset = 0;
  for (const piece of pieces.slice(0, -1)) {
    offset += piece.length;
    cuts.push(offset);
  }
  return cuts;
}

// Every piece counted on its own and no run ever forced: only the safe cuts.
const SAFE_CUTS_ONLY = { maxRunLength: Number.POSITIVE_INFINITY, maxCallLength: 1 };

/** Pieces that meet o200k's pre-tokenizer rules in many ways, and the grapheme rules too. */
const awkwardPieces = [
  'a',
  'Z',
  'ab',
  'Hello',
  'ß',
  'ａ',
  '𝐀',
  ' ',
  '  ',
  '\u00a0',
  '\u3000',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\n\n',
  ' \n',
  '/',
  "'",
  'it',
  'don',
  "'s",
  "'t",
  "'ll",
  '’',
  '1',
  '23',
  '456',
  '²',
  '١٢',
  '.',
  ',',
  '!',
  '?',
  '<',
  '|',
  '<|endoftext|>',
  '-',
  '"',
  '中',
  '文',
  '日本語',
  '，',
  '。',
  'カ\u3099',
  '한',
  '\u1100\u1161',
  'e\u0301',
  '\u0301',
  '\u200d',
  '👩‍👩‍👧',
  '👨‍💻',
  '👍🏽',
  '🏽',
  '🇯🇵',
  '🇯',
  '\ufe0f',
  '1\ufe0f\u20e3',
  'क्ष',
  'नमस्ते',
  'สวัสดี',
  'مرحبا',
  '\u0600',
  '\ud83d',
  '\udc4d',
  '\ufffd',
];
const awkwardText = (maxLength: number) =>
  fc.array(fc.constantFrom(...awkwardPieces), { maxLength }).map((pieces) => pieces.join(''));
const anyText = fc.oneof(
  awkwardText(120),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: fc.constantFrom(..." \n\t\r/'a1.中👍"), maxLength: 120 }),
);

/** Runs with few or no safe cuts: scripts written without spaces, emoji, long words, marks, digits. */
const runPieces = [
  '中',
  '文',
  '日本語',
  'わたし',
  'カ\u3099',
  '한',
  '👩‍👩‍👧',
  '👨‍💻',
  '👍🏽',
  '🇯🇵',
  '😀',
  'e\u0301',
  'a',
  'xyz',
  'Q',
  'क्ष',
  'नम',
  'สวัสดี',
  'مرحبا',
  '1',
  '23',
  '<',
  '!',
  '，',
  '。',
  '\u200d',
  'ａ',
  '𝐀',
  '"',
  "'",
];
const longRun = fc.array(fc.constantFrom(...runPieces), { minLength: 1, maxLength: 300 }).map((p) => p.join(''));

describe('boundedTokenizer', () => {
  it('cuts only where o200k splits anyway: counting every safe piece apart gives the exact count', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(boundedTokenizer(exact, SAFE_CUTS_ONLY).count(text)).toBe(exact.count(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('is exact on texts whose runs without a safe cut are within the bound', () => {
    // Words of at most 40 units, each followed by white space that ends in a space or tab before the next word.
    const word = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((text) => !/\s/u.test(text));
    const separator = fc.constantFrom(' ', '  ', '\t', '\n ', ' \n\n ', '\r\n\t', ', ', '. ');
    const prose = fc
      .array(fc.tuple(word, separator), { minLength: 1, maxLength: 400 })
      .map((pairs) => pairs.map(([text, gap]) => text + gap).join(''));
    fc.assert(
      fc.property(prose, fc.integer({ min: 48, max: 300 }), fc.integer({ min: 1, max: 2000 }), (text, run, call) => {
        expect(boundedTokenizer(exact, { maxRunLength: run, maxCallLength: call }).count(text)).toBe(exact.count(text));
        expect(boundedTokenizer(exact).count(text)).toBe(exact.count(text));
      }),
      { numRuns: 300 },
    );
  });

  it('is exact on ordinary long texts: prose, code, punctuated Chinese and Japanese, numbers', () => {
    const texts = [
      'The deployment of our service uses Postgres 16 and Redis; we prefer pnpm over npm. '.repeat(2000),
      "It's what we don't know that we'll need, isn't it? ".repeat(2000),
      'export function add(a: number, b: number): number {\n  return a + b; // sum\n}\n'.repeat(1000),
      '我们的项目使用数据库服务器，部署在北京和上海。周五之前完成迁移！'.repeat(2000),
      'データベースの接続が必要です、テストしてください。'.repeat(2000),
      '1234567890'.repeat(5000),
      '<user>hello</user>\n'.repeat(2000),
    ];
    for (const text of texts) expect(boundedTokenizer(exact).count(text)).toBe(exact.count(text));
  });

  it('changes the count by at most one token per cut inside a long run (measured: never more)', () => {
    fc.assert(
      fc.property(longRun, fc.integer({ min: 4, max: 64 }), (text, bound) => {
        const safe = countWithPieces(text, SAFE_CUTS_ONLY);
        const forced = countWithPieces(text, { maxRunLength: bound, maxCallLength: 1 });
        const forcedCuts = forced.pieces.length - safe.pieces.length;
        const exactCount = exact.count(text);
        expect(forcedCuts).toBeGreaterThanOrEqual(0);
        expect(Math.abs(forced.count - exactCount)).toBeLessThanOrEqual(forcedCuts);
      }),
      { numRuns: 500 },
    );
  });

  it('hands over every unit once, in pieces no longer than the bounds, cut between clusters', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyText, longRun),
        fc.integer({ min: 4, max: 64 }),
        fc.integer({ min: 1, max: 200 }),
        (text, run, call) => {
          const { pieces } = countWithPieces(text, { maxRunLength: run, maxCallLength: call });
          expect(pieces.join('')).toBe(text);
          const safeCuts = new Set(cutsOf(countWithPieces(text, SAFE_CUTS_ONLY).pieces));
          const clusterEnds = new Set(Array.from(segmenter.segment(text), (segment) => segment.index));
          const longestCluster = Math.max(
            0,
            ...Array.from(segmenter.segment(text), (segment) => segment.segment.length),
          );
          for (const piece of pieces) {
            expect(piece).not.toBe('');
            expect(piece.length).toBeLessThanOrEqual(Math.max(run, call + run));
          }
          for (const cut of cutsOf(pieces)) {
            // Never inside a surrogate pair; a cut that is no safe cut falls between clusters (unless one cluster
            // is longer than the bound).
            expect(/[\ud800-\udbff]$/.test(text.slice(0, cut)) && /^[\udc00-\udfff]/.test(text.slice(cut))).toBe(false);
            if (!safeCuts.has(cut) && longestCluster <= run) expect(clusterEnds.has(cut)).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never throws, and counts 0 only for the empty text', () => {
    const bounded = boundedTokenizer(exact, { maxRunLength: 8 });
    fc.assert(
      fc.property(fc.oneof(anyText, longRun), (text) => {
        const count = bounded.count(text);
        expect(Number.isSafeInteger(count)).toBe(true);
        expect(count === 0).toBe(text === '');
      }),
      { numRuns: 2000 },
    );
    expect(boundedTokenizer(exact).count('')).toBe(0);
  });

  it('never hands a long run to the wrapped tokenizer whole', () => {
    for (const text of [
      '👩‍👩‍👧'.repeat(20_000),
      '我'.repeat(100_000),
      'a'.repeat(200_000),
      `e${'\u0301'.repeat(10_000)}`,
      `👩${'\u200d👩'.repeat(5_000)}`,
      '🇯🇵'.repeat(10_000),
    ]) {
      const { count, pieces } = countWithPieces(text);
      expect(pieces.join('')).toBe(text);
      expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(256);
      expect(count).toBeGreaterThan(0);
    }
  });

  it('keeps clusters whole in a run of family emoji, so that the count stays exact', () => {
    const text = '👩‍👩‍👧'.repeat(2_000);
    const { count, pieces } = countWithPieces(text);
    expect(pieces.every((piece) => piece.length % 8 === 0)).toBe(true);
    expect(count).toBe(exact.count(text));
  });

  it('counts special-token strings as text, as o200kTokenizer does', () => {
    const text = 'a<|endoftext|>b<|im_start|>'.repeat(500);
    expect(boundedTokenizer(exact).count(text)).toBe(exact.count(text));
  });

  it('keeps the name, and does not wrap itself twice', () => {
    const bounded = boundedTokenizer(exact);
    expect(bounded.name).toBe(exact.name);
    expect(bounded.specificationVersion).toBe('v1');
    expect(boundedTokenizer(bounded)).toBe(bounded);
    expect(boundedTokenizer(bounded, { maxRunLength: 16 })).not.toBe(bounded);
  });
});
