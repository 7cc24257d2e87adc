import { describe, expect, it } from 'vitest';
import { CJK_LETTER, CJK_RUN, KANA_LETTER, UNSPACED_CHARACTER, UNSPACED_LETTER } from './scripts.js';

describe('the script table', () => {
  it('takes every Chinese, Japanese and Korean letter, in every block, and nothing else', () => {
    // Han (BMP, extension B, compatibility), the iteration mark, kana (full and half width), ー, Hangul syllables
    // and jamo.
    for (const letter of ['中', '𠀀', '豈', '々', 'か', 'カ', 'ｶ', 'ー', '한', 'ㄱ', 'ᄀ']) {
      expect(CJK_LETTER.test(letter), letter).toBe(true);
    }
    for (const other of ['a', 'é', '1', '。', '！', '😀', ' ', 'α', 'ก'])
      expect(CJK_LETTER.test(other), other).toBe(false);
  });

  it('tells the scripts written without spaces (Chinese, Japanese) from Korean', () => {
    expect(UNSPACED_LETTER.test('中')).toBe(true);
    expect(UNSPACED_LETTER.test('か')).toBe(true);
    expect(UNSPACED_LETTER.test('한')).toBe(false);
    expect(KANA_LETTER.test('カ')).toBe(true);
    expect(KANA_LETTER.test('中')).toBe(false);
    // Their punctuation too: no space goes next to it.
    expect(UNSPACED_CHARACTER.test('。')).toBe(true);
    expect(UNSPACED_CHARACTER.test('.')).toBe(false);
  });

  it('finds the runs of a mixed text', () => {
    expect('用 pnpm 管理，한국어 and カタカナー'.match(CJK_RUN)).toEqual(['用', '管理', '한국어', 'カタカナー']);
  });
});
