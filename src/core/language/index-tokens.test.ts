import { describe, expect, it } from 'vitest';
import { indexTokens } from './index-tokens.js';

describe('indexTokens', () => {
  it('folds, splits at anything that is not a letter or digit, and stems each word', () => {
    expect(indexTokens('User DEPLOYS the billing-services, on Kubernetes!')).toEqual([
      'user',
      'deploi',
      'the',
      'bill',
      'servic',
      'on',
      'kubernet',
    ]);
    expect(indexTokens("user's node20 v1.2.3")).toEqual(['user', 's', 'node20', 'v1', '2', '3']);
  });

  it('takes the accents off Latin letters, precomposed or combining, and no other letter', () => {
    expect(indexTokens('Ünïcödé café nai\u0308ve')).toEqual(['unicod', 'cafe', 'naiv']);
    expect(indexTokens('Москвы ά')).toEqual(['москвы', 'ά']);
  });

  it('folds full-width forms as queries are folded', () => {
    expect(indexTokens('ＰＮＰＭ')).toEqual(['pnpm']);
  });

  it('keeps a Chinese/Japanese run whole and Korean words as they are', () => {
    expect(indexTokens('我用pnpm管理 한국어를 배워요')).toEqual(['我用pnpm管理', '한국어를', '배워요']);
  });

  it('drops emoji and punctuation, and is empty for a text without words', () => {
    expect(indexTokens('love🥰 …')).toEqual(['love']);
    expect(indexTokens(' \n!?')).toEqual([]);
  });
});
