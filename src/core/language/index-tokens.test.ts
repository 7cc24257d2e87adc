import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_STEMMER, INDEX_STEMMERS } from '../../locales/locale-table.js';
import { buildFactQuery } from '../search/build-fact-query.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS } from '../search/build-search-query.js';
import { contentShingles } from '../search/fact-similarity.js';
import { foldCase } from './fold-text.js';
import { indexTokens, indexWords } from './index-tokens.js';

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

  it('stems a text written in Spanish by the Spanish stemmer, folding its accents first', () => {
    expect(indexTokens('Mi hermana vivía en Málaga')).toEqual(['mi', 'herman', 'viv', 'en', 'malag']);
    expect(indexTokens('mi hermana vive en malaga')).toEqual(['mi', 'herman', 'viv', 'en', 'malag']);
    // A text with no stop word of either language is stemmed as English, as every text was.
    expect(indexTokens('Málaga')).toEqual(['malaga']);
  });

  it('stems by the stemmer it is given, whatever the text', () => {
    expect(indexTokens('Mi hermana vivía en Málaga', DEFAULT_INDEX_STEMMER)).toEqual([
      'mi',
      'hermana',
      'vivia',
      'en',
      'malaga',
    ]);
  });
});

/** Text of every kind: any code units (lone surrogates included), graphemes, scripts side by side, long runs. */
const pieces = fc.constantFrom(
  'vivíamos',
  'Málaga',
  'panaderías',
  'the',
  'de',
  'y',
  'User',
  'deploys',
  'nai\u0308ve',
  'ＰＮＰＭ',
  '用戶偏好使用',
  '한국어를',
  'ﷺ',
  '\u200d',
  '\u0301',
  '\ud800',
  '\udc00',
  '😀',
  'İ',
  'ß',
  'ǅ',
  '\u202e',
  ' ',
  '-',
  "'",
);
const anyText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  // Compatibility letters that fold to several (a CJK square word folds to a run of kana).
  fc.constantFrom('㌕', '㍿', 'ﬃ', '㏒'),
  fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join('')),
  // Long text without a space: one word of thousands of letters, Latin or mixed.
  fc
    .tuple(fc.constantFrom('a', 'vivíamos', 'ába', 'Ñ', 'x\u0301'), fc.integer({ min: 1, max: 20_000 }))
    .map(([unit, count]) => unit.repeat(count)),
);

describe('indexTokens, indexWords and the query on any text (property)', () => {
  it('never throw, and stay within the text: no empty token, no token longer than its word', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const words = indexWords(text);
        const tokens = indexTokens(text);
        expect(tokens).toHaveLength(words.length);
        const foldedLength = foldCase(text).length;
        expect(words.join('').length).toBeLessThanOrEqual(foldedLength);
        for (const [index, token] of tokens.entries()) {
          expect(token).not.toBe('');
          expect(token).not.toMatch(/\s/u);
          expect(token.length).toBeLessThanOrEqual((words[index] as string).length);
          // Every stemmer, not only the one the text chose: a query searches a word under each.
          for (const { stem } of INDEX_STEMMERS) {
            const stemmed = stem(words[index] as string);
            expect(stemmed).not.toBe('');
            expect(stemmed.length).toBeLessThanOrEqual((words[index] as string).length);
          }
        }
        const query = buildFactQuery(text);
        const search = buildSearchQuery(query, FACT_SEARCH_WEIGHTS);
        // Each word under at most every stemmer, each date once: bounded by the query's caps.
        expect(search.words.terms.length).toBeLessThanOrEqual(
          query.words.length * INDEX_STEMMERS.length + (query.dates ?? []).length,
        );
        for (const term of search.words.terms) for (const token of term.tokens) expect(token).not.toBe('');
        // Counted on the folded text: a compatibility letter folds to several ("㌕" to five kana, four pairs).
        expect(contentShingles(text).size).toBeLessThanOrEqual(words.length + [...foldCase(text)].length);
      }),
      { numRuns: 400 },
    );
  });
});
