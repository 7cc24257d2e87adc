import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentShingles, factSimilarity } from './fact-similarity.js';

describe('factSimilarity', () => {
  it('is 1 for the same content written differently', () => {
    expect(factSimilarity('The user prefers pnpm', 'User prefers pnpm!')).toBe(1);
    expect(factSimilarity('The user prefers pnpm', 'User prefers using pnpm!')).toBe(1);
    expect(factSimilarity('User prefers PNPM', 'ＵＳＥＲ ＰＲＥＦＥＲＳ ｐｎｐｍ')).toBe(1);
    expect(factSimilarity('用户偏好 pnpm', '用户偏好 pnpm。')).toBe(1);
  });

  it('folds common English inflections', () => {
    expect(factSimilarity('Deployed with Docker', 'deploying with docker')).toBe(1);
    expect(factSimilarity('Deploys the service', 'deploy the service')).toBe(1);
  });

  it('folds Spanish inflections and accents in a Spanish text, its stop words left out', () => {
    expect(factSimilarity('Mi hermana vive en Málaga', 'mi hermana vivía en malaga')).toBe(1);
    expect(factSimilarity('Usuario abrió una panadería', 'El usuario abrió las panaderías')).toBe(1);
    // "son" is no stop word in an English fact.
    expect(factSimilarity("Melanie's son plays chess", 'Melanie plays chess')).toBeLessThan(1);
  });

  it('is the Jaccard index of the content words, stop words left out', () => {
    // {prefer, pnpm} and {prefer, yarn, pnpm}: 2 shared of 3.
    expect(factSimilarity('prefers pnpm', 'prefers yarn over pnpm')).toBeCloseTo(2 / 3, 12);
    // {deploy, run, friday} and {deploy, run, monday}: 2 shared of 4.
    expect(factSimilarity('Deploys run on Fridays', 'Deploys run on Mondays')).toBe(0.5);
    // {b, c, d} and {b, c, e}: "a" is a stop word.
    expect(factSimilarity('a b c d', 'a b c e')).toBe(0.5);
    expect(factSimilarity('Python Django Postgres', 'Ruby Rails MySQL')).toBe(0);
  });

  it('compares Chinese and Japanese by character bigrams', () => {
    // 用户 户偏 偏好 好使 使用 + pnpm, against the same bigrams + yarn: 5 shared of 7.
    expect(factSimilarity('用户偏好使用pnpm', '用户偏好使用yarn')).toBeCloseTo(5 / 7, 12);
    // 東京 京で で働 働く, against 大阪 阪で で働 働く: 2 shared of 6.
    expect(factSimilarity('東京で働く', '大阪で働く')).toBeCloseTo(2 / 6, 12);
    expect(factSimilarity('中', '中')).toBe(1);
    expect(factSimilarity('中', '文')).toBe(0);
  });

  it('folds plurals and -ing/-ed forms', () => {
    expect(factSimilarity('deploys services', 'deploy service')).toBe(1);
    expect(factSimilarity('caches processes classes', 'cache process class')).toBe(1);
    expect(factSimilarity('User prefers pnpm', 'User prefers yarn over pnpm')).toBeLessThan(0.9);
  });

  it('is 0 when either text has no content word: only an exact duplicate can match those', () => {
    expect(factSimilarity('', '')).toBe(0);
    expect(factSimilarity('!!!', 'the')).toBe(0);
    expect(factSimilarity('pnpm', '')).toBe(0);
    expect(factSimilarity('', 'pnpm')).toBe(0);
  });

  it('is symmetric, between 0 and 1, and 1 for a text with content and itself', () => {
    const pieces = ['pnpm', 'yarn', 'User', 'prefers', 'the', ' ', '.', '中文', '偏好', 'です', 'deploys', 'Ｘ'];
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(text, text, (left, right) => {
        const similarity = factSimilarity(left, right);
        expect(similarity).toBeGreaterThanOrEqual(0);
        expect(similarity).toBeLessThanOrEqual(1);
        expect(factSimilarity(right, left)).toBe(similarity);
        expect(factSimilarity(left, left)).toBe(contentShingles(left).size > 0 ? 1 : 0);
      }),
      { numRuns: 500 },
    );
  });
});
