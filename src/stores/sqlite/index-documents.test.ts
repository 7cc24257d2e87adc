import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { indexTokens } from '../../core/language/index-tokens.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { buildTurnDocument } from '../../core/search/build-turn-document.js';
import { DEFAULT_INDEX_STEMMER } from '../../locales/locale-table.js';

/** FTS5 tables with a tokenizer, and the tokens it gives a text (by the table's vocabulary, in order). */
function tokenizer(tokenize: string) {
  const database = new Database(':memory:');
  database.exec(`CREATE VIRTUAL TABLE t USING fts5 (x, tokenize = "${tokenize}");
    CREATE VIRTUAL TABLE v USING fts5vocab (t, 'instance');`);
  const insert = database.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)');
  const read = database.prepare('SELECT term FROM v WHERE doc = ? ORDER BY offset');
  const clear = database.prepare('DELETE FROM t');
  let row = 0;
  return {
    tokens(text: string): string[] {
      row += 1;
      insert.run(row, text);
      const terms = (read.all(row) as Array<{ term: string }>).map(({ term }) => term);
      clear.run();
      return terms;
    },
    close: () => database.close(),
  };
}

const store = tokenizer('ascii');
const porter = tokenizer('porter unicode61 remove_diacritics 2');
afterAll(() => {
  store.close();
  porter.close();
});

const pieces = fc.constantFrom(
  'Deploying',
  'services',
  "user's",
  'café',
  'nai\u0308ve',
  'ＰＮＰＭ',
  '用戶偏好使用',
  '한국어를',
  '😀',
  ' ',
  '\n',
  '"',
  '*',
  'NEAR(',
  'x:y',
  '\u0301',
  'ǡ',
  'İ',
  'ß',
  '\ud800',
  'ᦰ',
  'ꪪꪪed',
  '2023-05-08',
);
const anyText = fc.array(fc.oneof(pieces, fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string()), {
  maxLength: 30,
});

describe('index documents and the store tokenizer', () => {
  it('build documents of tokens that the ascii tokenizer keeps whole and unchanged, for any text (property)', () => {
    fc.assert(
      fc.property(anyText, anyText, (textParts, neighbourParts) => {
        const text = textParts.join('');
        const neighbour = neighbourParts.join('');
        const at = new Date(Date.UTC(2023, 4, 8));
        for (const document of [
          buildFactDocument({ text, context: neighbour, at }),
          buildTurnDocument({ text, at }, [neighbour, undefined, text]),
        ]) {
          for (const field of [...Object.values(document.words), ...Object.values(document.grams)]) {
            if (field === '') continue;
            const tokens = field.split(' ');
            // Single spaces only, never an empty token; and the store's tokenizer indexes exactly these tokens.
            expect(tokens.every((token) => token !== '')).toBe(true);
            expect(store.tokens(field)).toEqual(tokens);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("give the tokens FTS5's porter tokenizer gave over unicode61 (accents removed), on English and Latin text", () => {
    const words = fc.stringMatching(/^[A-Za-zéüïçñ]{1,14}$/);
    fc.assert(
      fc.property(fc.array(words, { maxLength: 12 }), (parts) => {
        const text = parts.join(' ');
        // The default stemmer's: random words may be Spanish stop words, and then the text is stemmed as Spanish.
        expect(indexTokens(text, DEFAULT_INDEX_STEMMER)).toEqual(porter.tokens(text));
      }),
      { numRuns: 2000 },
    );
    const sentence =
      'Caroline attended an LGBTQ support group; Melanie painted sunsets, went camping and is running a charity race.';
    expect(indexTokens(sentence)).toEqual(porter.tokens(sentence));
  });
});
