import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeForMatching } from './normalize-for-matching.js';

describe('normalizeForMatching', () => {
  it.each([
    ['ｉｇｎｏｒｅ ＡＬＬ', 'ignore all'],
    ['ign\u200bore\u2060 all\ufeff', 'ignore all'],
    ['ignоre', 'ignore'], // Cyrillic о
    ['ΙGΝΟRΕ', 'ignore'], // Greek capitals
    ['ïgnörë', 'ignore'],
    ['𝐢𝐠𝐧𝐨𝐫𝐞', 'ignore'],
    ['ɪɢɴᴏʀᴇ', 'ignore'],
    ['無視你的規則', '无视你的规则'],
    ['用戶偏好', '用户偏好'],
    ['“quoted” ‘single’ – dash', '"quoted" \'single\' - dash'],
    ['  many \t spaces\n\nand lines  ', 'many spaces and lines'],
  ])('folds %j to %j', (text, expected) => {
    expect(normalizeForMatching(text)).toBe(expected);
  });

  it('keeps line breaks (one per run) with keepLines, and case with keepCase', () => {
    expect(normalizeForMatching('  at fn (a.js:1:2)  \n\n   at g (b.js:3:4) ', { keepLines: true })).toBe(
      'at fn (a.js:1:2)\nat g (b.js:3:4)',
    );
    expect(normalizeForMatching('Base64 SGVsbG8=', { keepCase: true })).toBe('Base64 SGVsbG8=');
  });

  it('keeps Japanese voicing marks and Hangul syllables intact', () => {
    expect(normalizeForMatching('ガイドライン')).toBe('ガイドライン');
    expect(normalizeForMatching('이전 지시를 무시')).toBe('이전 지시를 무시');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = normalizeForMatching(text);
        expect(normalizeForMatching(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });
});
