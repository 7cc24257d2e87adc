import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSessionHandle, isBlankId } from '../../index.js';
import { cutText } from './browser/cut-text.js';
import { keyParts } from './browser/key-parts.js';
import { ordinal, rankWords } from './browser/rank-words.js';

/** The page's text rules, the browser modules themselves (pure: no DOM). */
const rules = { cutText, keyParts, ordinal, rankWords };
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const boundaries = (text: string): Set<number> =>
  new Set([...graphemes.segment(text)].map((segment) => segment.index).concat(text.length));

/** Text as users and attackers write it: scripts, combining marks, emoji sequences, bidi controls. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.constantFrom(
        'e\u0301',
        '👩‍👩‍👧‍👦',
        '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
        '🇯🇵',
        '東京都',
        'שלום',
        '\u202Eevil\u202C',
        '\u2067x',
        `a${'\u0300'.repeat(40)}`,
        '한국어',
        '%E0%A4%A',
        '/',
        '-',
        ' ',
      ),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('the page text rules', () => {
  it('cuts in grapheme clusters, never inside one, and never past the limit', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 1, max: 20 }), (text, most) => {
        const { text: shown, cut } = rules.cutText(text, most);
        if (!cut) {
          expect(shown).toBe(text);
          return;
        }
        expect(shown.endsWith('…')).toBe(true);
        const kept = shown.slice(0, -1);
        expect(text.startsWith(kept)).toBe(true);
        expect(boundaries(text).has(kept.length)).toBe(true);
        expect([...graphemes.segment(kept)].length).toBeLessThanOrEqual(most);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a text of few clusters whole, and cuts before a cluster of hundreds of marks', () => {
    expect(rules.cutText('👩‍👩‍👧‍👦e\u0301東', 3)).toEqual({ text: '👩‍👩‍👧‍👦e\u0301東', cut: false });
    expect(rules.cutText('👩‍👩‍👧‍👦e\u0301東', 2)).toEqual({ text: '👩‍👩‍👧‍👦e\u0301…', cut: true });
    expect(rules.cutText(`ab${'z\u0300'.repeat(3)}c${'\u0301'.repeat(300)}d`, 100)).toEqual({
      text: `ab${'z\u0300'.repeat(3)}…`,
      cut: true,
    });
    expect(rules.cutText(null, 5)).toEqual({ text: '', cut: false });
    // A long text is read no further than the cut.
    expect(rules.cutText('x'.repeat(5_000_000), 40).text).toHaveLength(41);
  });

  it('decodes a session key into the ids it was made of, whatever they hold', () => {
    const id = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom('/', '%', '@', '-', ' ', '<', '&'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        ),
        minLength: 1,
        maxLength: 12,
      })
      // A blank id (white space or invisible characters only) is refused before it could make a key.
      .filter((value) => !isBlankId(value));
    const maybe = fc.option(id, { nil: undefined });
    fc.assert(
      fc.property(id, maybe, maybe, id, (agentId, channelId, threadId, userId) => {
        const { key } = deriveSessionHandle({ agentId, channelId, threadId, userId });
        const parts = rules.keyParts(key);
        const expected: unknown[] = [{ text: agentId, user: false }];
        for (const part of [channelId, threadId]) {
          expected.push(part === undefined ? { absent: true } : { text: part, user: false });
        }
        if (channelId === undefined && threadId === undefined) expected.push({ text: userId, user: true });
        expect(parts).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('gives back null for a key that is not valid percent-encoding or not of a key’s shape: shown as it is', () => {
    for (const key of [
      'assistant/-/-/@%E0%A4%A',
      'assistant/%ZZ/-',
      'assistant/-/-/@%ED%A0%80',
      'assistant',
      'a/b',
      'a/b/c/d',
      'a/-/-/alice',
      'a/c/-/@alice',
      '-/-/-',
      'a//-',
    ]) {
      expect(rules.keyParts(key), key).toBeNull();
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        const escaped = [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
        let valid = true;
        try {
          decodeURIComponent(escaped);
        } catch {
          valid = false;
        }
        const parts = rules.keyParts(`agent/-/-/@${escaped}`);
        if (!valid || escaped === '') expect(parts).toBeNull();
        else expect(parts?.[3]).toEqual({ text: decodeURIComponent(escaped), user: true });
      }),
    );
  });

  it('puts a rank in words: its place, and its score as a share of the first one’s, never more', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(rules.ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
    expect(rules.rankWords(0, 8.33e-7, 8.33e-7)).toMatchObject({ rank: '1st', relative: 'the best' });
    expect(rules.rankWords(1, 5.2e-7, 8.33e-7)).toMatchObject({ rank: '2nd', relative: '62% of the 1st’s score' });
    expect(rules.rankWords(2, 1e-12, 8.33e-7).relative).toBe('<1% of the 1st’s score');
    expect(rules.rankWords(1, 0, 8.33e-7).relative).toBe('0% of the 1st’s score');
    expect(rules.rankWords(1, 1, 0).relative).toBeNull();
    expect(rules.rankWords(1, 1, Number.NaN).relative).toBeNull();
    expect(rules.rankWords(0, null, null)).toMatchObject({ rank: 'by recency', relative: null });
    expect(rules.rankWords(1, 5.2e-7, 8.33e-7).detail).toMatch(/^raw ranking score 5\.20e-7: /);
    expect(rules.rankWords(1, 7.25e-6, 8.33e-6).detail).toMatch(/^raw ranking score 7\.25e-6: /);
    expect(rules.rankWords(1, 1.5, 2).detail).toMatch(/^raw ranking score 1\.50: /);
  });
});
