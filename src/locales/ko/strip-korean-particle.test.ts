import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripKoreanParticle } from './strip-korean-particle.js';

describe('stripKoreanParticle', () => {
  it('takes the particle off a noun, the longest that fits', () => {
    expect(stripKoreanParticle('학교에서')).toBe('학교');
    expect(stripKoreanParticle('프로젝트는')).toBe('프로젝트');
    expect(stripKoreanParticle('파이썬을')).toBe('파이썬');
    expect(stripKoreanParticle('서울에서는')).toBe('서울');
    expect(stripKoreanParticle('리전이에요')).toBe('리전');
  });

  it('keeps a stem of at least two syllables, and leaves anything that is not Hangul syllables alone', () => {
    expect(stripKoreanParticle('나이')).toBe('나이');
    expect(stripKoreanParticle('집에')).toBe('집에');
    expect(stripKoreanParticle('pnpm을')).toBe('pnpm을');
    expect(stripKoreanParticle('中文')).toBe('中文');
    expect(stripKoreanParticle('')).toBe('');
  });

  it('returns a prefix of the word, of two syllables or more when it cut (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0xac00, max: 0xd7a3 }).map((code) => String.fromCharCode(code)) }),
        (word) => {
          const stem = stripKoreanParticle(word);
          expect(word.startsWith(stem)).toBe(true);
          if (stem !== word) expect(stem.length).toBeGreaterThanOrEqual(2);
        },
      ),
    );
  });
});
