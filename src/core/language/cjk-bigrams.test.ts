import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CJK_RUN } from '../text/scripts.js';
import { CHANGES_CJK_UNDER_NFKC, cjkBigrams, cjkWordGrams } from './cjk-bigrams.js';

describe('cjkBigrams', () => {
  it('indexes each Chinese/Japanese run as overlapping bigrams, then its last character alone', () => {
    expect(cjkBigrams('用戶偏好使用 pnpm 管理套件')).toBe('用戶 戶偏 偏好 好使 使用 用 管理 理套 套件 件');
  });

  it('indexes a one-character run as that character', () => {
    expect(cjkBigrams('I like 茶 a lot')).toBe('茶');
  });

  it('indexes kana and the prolonged sound mark as part of a run', () => {
    expect(cjkBigrams('ユーザーは')).toBe('ユー ーザ ザー ーは は');
    expect(cjkBigrams('人々')).toBe('人々 々');
  });

  it('splits runs at anything that is not Han or kana', () => {
    expect(cjkBigrams('東京、大阪')).toBe('東京 京 大阪 阪');
  });

  it('folds full-width and half-width forms before indexing', () => {
    // Half-width katakana ｶﾅ become カナ.
    expect(cjkBigrams('ｶﾅ')).toBe('カナ ナ');
  });

  it('keeps a character outside the BMP whole', () => {
    expect(cjkBigrams('𠀀𠀁')).toBe('𠀀𠀁 𠀁');
  });

  it('is empty for a text without Chinese, Japanese or Korean', () => {
    expect(cjkBigrams('User prefers pnpm')).toBe('');
    expect(cjkBigrams('')).toBe('');
  });

  it('indexes Korean like Chinese and Japanese: each word, particles attached, as its bigrams', () => {
    expect(cjkBigrams('한국어를 배워요')).toBe('한국 국어 어를 를 배워 워요 요');
  });
});

describe('cjkWordGrams', () => {
  it('searches a word of two or more characters as the phrase of its bigrams', () => {
    expect(cjkWordGrams('偏好')).toEqual({ tokens: ['偏好'], prefix: false });
    expect(cjkWordGrams('管理器')).toEqual({ tokens: ['管理', '理器'], prefix: false });
    expect(cjkWordGrams('パッケージ')?.tokens).toEqual(['パッ', 'ッケ', 'ケー', 'ージ']);
  });

  it('searches one character as a prefix of the bigrams it starts', () => {
    expect(cjkWordGrams('茶')).toEqual({ tokens: ['茶'], prefix: true });
    expect(cjkWordGrams('𠀀')).toEqual({ tokens: ['𠀀'], prefix: true });
  });

  it('ignores white space inside the word', () => {
    expect(cjkWordGrams(' 偏 好 ')).toEqual({ tokens: ['偏好'], prefix: false });
  });

  it('is null for an empty or blank word', () => {
    expect(cjkWordGrams('')).toBeNull();
    expect(cjkWordGrams(' \u3000\n')).toBeNull();
  });

  it('matches the index form: every bigram of the query is a token of the indexed text', () => {
    const indexed = new Set(cjkBigrams('用戶偏好使用 pnpm 管理套件').split(' '));
    for (const gram of cjkWordGrams('偏好使用')?.tokens ?? []) expect(indexed.has(gram)).toBe(true);
  });
});

describe('cjkBigrams on any text (property)', () => {
  /** The definition, written plainly: each run's characters, paired. */
  const reference = (text: string): string => {
    const grams: string[] = [];
    for (const run of text.normalize('NFKC').toLowerCase().match(CJK_RUN) ?? []) {
      const characters = Array.from(run);
      for (let index = 0; index + 1 < characters.length; index += 1) {
        grams.push(`${characters[index]}${characters[index + 1]}`);
      }
      grams.push(characters.at(-1) ?? '');
    }
    return grams.join(' ');
  };
  const pieces = fc.constantFrom(
    '用戶',
    '偏好',
    'ユーザー',
    '々',
    'ｶﾅ',
    '𠀀',
    '𠀁𠀂',
    ' ',
    'pnpm',
    '、',
    '😀',
    '한',
    '\ud800',
    '\udc00',
    'É',
    'か',
    '\u3099',
    'ﾞ',
    '㋐',
    '豈',
    '㍿',
    '⼀',
    '🈀',
  );

  it('normalises whenever NFKC could change a run: the class holds every such character of Unicode', () => {
    const single = new RegExp(`^${CJK_RUN.source}$`, 'u');
    const missing: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCodePoint(code);
      const normal = character.normalize('NFKC');
      const changesRun =
        normal !== character && (single.test(character) || Array.from(normal).some((c) => single.test(c)));
      if (changesRun && !CHANGES_CJK_UNDER_NFKC.test(character)) missing.push(code.toString(16));
    }
    expect(missing).toEqual([]);
    // The kana voicing marks compose with the kana before them, and change its run that way.
    expect('か\u3099'.normalize('NFKC')).toBe('が');
    expect(cjkBigrams('か\u3099か')).toBe('がか か');
    expect(cjkBigrams('ｶﾞｶ')).toBe('ガカ カ');
    // So do Hangul conjoining jamo (decomposed Korean, as macOS writes file names): they become syllables.
    expect(cjkBigrams('\u1112\u1161\u11ab\u1100\u116e\u11a8')).toBe('한국 국');
    expect(cjkBigrams('ﾡﾡ')).toBe(cjkBigrams('ﾡﾡ'.normalize('NFKC')));
  });

  it('is the run-by-run bigrams of the text, whatever it mixes', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string({ unit: 'grapheme' })), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(cjkBigrams(text)).toBe(reference(text));
      }),
      { numRuns: 500 },
    );
  });
});
