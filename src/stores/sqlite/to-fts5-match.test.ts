import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteFts5, toFts5Match } from './to-fts5-match.js';

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

describe('toFts5Match', () => {
  const columns = { text: 'text_tokens', context: 'context_tokens', dated: 'dated' } as const;

  it('quotes the tokens as one phrase limited to the columns of its fields', () => {
    expect(toFts5Match({ tokens: ['pnpm'], fields: ['text', 'context'] }, columns)).toBe(
      '{text_tokens context_tokens} : "pnpm"',
    );
    expect(toFts5Match({ tokens: ['m202305'], fields: ['dated'] }, columns)).toBe('{dated} : "m202305"');
    expect(toFts5Match({ tokens: ['管理', '理器'], fields: ['text'] }, columns)).toBe('{text_tokens} : "管理 理器"');
  });

  it('marks a prefix term with a star after the phrase', () => {
    expect(toFts5Match({ tokens: ['茶'], prefix: true, fields: ['text'] }, columns)).toBe('{text_tokens} : "茶"*');
  });

  it('never lets a token become FTS5 syntax', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (tokens, prefix) => {
          const match = toFts5Match({ tokens, prefix, fields: ['context'] }, columns);
          expect(match.startsWith('{context_tokens} : ')).toBe(true);
          const phrase = match.slice('{context_tokens} : '.length);
          expect(phrase).toMatch(fts5String);
          expect(phrase.endsWith('*')).toBe(prefix);
        },
      ),
      { numRuns: 500 },
    );
  });
});
