import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteFts5, toFts5Terms } from './to-fts5-terms.js';

/** A well-formed FTS5 string: quotes inside are doubled, optionally followed by the prefix star. */
const fts5String = /^"(?:[^"]|"")*"\*?$/u;

describe('quoteFts5', () => {
  it('wraps the term in double quotes', () => {
    expect(quoteFts5('pnpm')).toBe('"pnpm"');
    expect(quoteFts5('')).toBe('""');
  });

  it('doubles the double quotes inside', () => {
    expect(quoteFts5('say "hi"')).toBe('"say ""hi"""');
    expect(quoteFts5('"')).toBe('""""');
  });

  it('leaves FTS5 operators as plain text inside the string', () => {
    expect(quoteFts5('NEAR(a b)')).toBe('"NEAR(a b)"');
    expect(quoteFts5('col:val* OR -x ^y')).toBe('"col:val* OR -x ^y"');
  });

  it('always yields one well-formed string that unquotes to the term', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (term) => {
        const quoted = quoteFts5(term);
        expect(quoted).toMatch(fts5String);
        expect(quoted.endsWith('*')).toBe(false);
        expect(quoted.slice(1, -1).replaceAll('""', '"')).toBe(term);
      }),
      { numRuns: 500 },
    );
  });
});

describe('toFts5Terms', () => {
  it('quotes each word and turns each CJK word into its bigram phrase or prefix search', () => {
    expect(toFts5Terms({ words: ['pnpm', 'node20'], cjk: ['偏好', '管理器', '茶'] })).toEqual({
      words: ['"pnpm"', '"node20"'],
      cjk: ['"偏好"', '"管理 理器"', '"茶"*'],
      dates: [],
    });
  });

  it('drops empty terms and duplicates', () => {
    expect(toFts5Terms({ words: ['pnpm', '', 'pnpm'], cjk: ['偏好', '', ' ', '偏好'] })).toEqual({
      words: ['"pnpm"'],
      cjk: ['"偏好"'],
      dates: [],
    });
  });

  it('quotes date terms and drops any that are not calendar terms', () => {
    expect(toFts5Terms({ words: [], cjk: [], dates: ['m202305', 'y2023', 'm202305', 'x"y', ''] }).dates).toEqual([
      '"m202305"',
      '"y2023"',
    ]);
  });

  it('is empty for an empty query', () => {
    expect(toFts5Terms({ words: [], cjk: [] })).toEqual({ words: [], cjk: [], dates: [] });
  });

  it('never lets a term become FTS5 syntax', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 })), fc.array(fc.string({ maxLength: 6 })), (words, cjk) => {
        const terms = toFts5Terms({ words, cjk });
        for (const term of [...terms.words, ...terms.cjk]) expect(term).toMatch(fts5String);
        for (const term of terms.words) expect(term.endsWith('*')).toBe(false);
        expect(terms.words.length).toBeLessThanOrEqual(words.length);
      }),
      { numRuns: 500 },
    );
  });
});
