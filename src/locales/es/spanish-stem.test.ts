import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spanishStem } from './spanish-stem.js';

/** As the index folds a word: lower case, accents off. */
const fold = (word: string): string =>
  word
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '');

describe('spanishStem', () => {
  it('gives every inflection of a verb one stem, with or without its accents', () => {
    const families = [
      ['vivía', 'vivia', 'vive', 'vivo', 'viviré', 'vivíamos', 'vivieron', 'viviendo'],
      ['trabajaré', 'trabaja', 'trabajaba', 'trabajamos', 'trabajando', 'trabajó', 'trabajar'],
      ['comer', 'comiendo', 'comerlo', 'comía', 'comemos'],
      ['mudamos', 'mudé', 'mudaron', 'mudarse'],
    ];
    for (const family of families) {
      const stems = new Set(family.map((word) => spanishStem(fold(word))));
      expect([...stems], family.join(' ')).toHaveLength(1);
    }
  });

  it('gives number and gender one stem', () => {
    for (const family of [
      ['perro', 'perros', 'perra', 'perras'],
      ['hermano', 'hermana', 'hermanos'],
      ['café', 'cafés', 'cafe'],
      ['alérgica', 'alérgico', 'alergicos'],
    ]) {
      expect(new Set(family.map((word) => spanishStem(fold(word)))).size, family.join(' ')).toBe(1);
    }
  });

  it('removes derivational suffixes as the Snowball algorithm does', () => {
    expect(spanishStem('rapidamente')).toBe('rapid');
    expect(spanishStem('nacionalidad')).toBe('nacional');
    expect(spanishStem('abatimiento')).toBe('abat');
    expect(spanishStem('biologia')).toBe('biolog');
    expect(spanishStem('malaga')).toBe('malag');
  });

  it('takes the longest verb ending inside RV, not the longest that starts before RV', () => {
    // "usábamos" ends with "ábamos", which starts before RV ("usa|bamos"): the ending removed is "amos".
    expect(new Set(['usábamos', 'usaba', 'usabas', 'usaban'].map((word) => spanishStem(fold(word))))).toEqual(
      new Set(['usab']),
    );
    expect(spanishStem('cantabamos')).toBe('cant');
  });

  it('keeps words apart that only look alike', () => {
    expect(spanishStem('perro')).not.toBe(spanishStem('pero'));
    expect(spanishStem('sevilla')).not.toBe(spanishStem('semillas'));
    expect(spanishStem('gato')).not.toBe(spanishStem('gasto'));
  });

  it('returns a prefix of any word (but "-encia" made "-ente"), never longer; leaves what is not a folded word alone', () => {
    const word = fc.oneof(
      fc.stringMatching(/^[a-z]{0,24}$/),
      fc
        .tuple(fc.stringMatching(/^[a-z]{0,12}$/), fc.constantFrom('encia', 'encias', 'guen', 'gue', 'amente', 'yendo'))
        .map(([head, tail]) => head + tail),
    );
    fc.assert(
      fc.property(word, (word) => {
        const stem = spanishStem(word);
        const ence = /encias?$/u.test(word) && word.replace(/encias?$/u, 'ente').startsWith(stem);
        expect(word.startsWith(stem) || ence, `${word} -> ${stem}`).toBe(true);
        expect(stem.length).toBeLessThanOrEqual(word.length);
      }),
      { numRuns: 3000 },
    );
    expect(spanishStem('año')).toBe('año');
    expect(spanishStem('covid19')).toBe('covid19');
    expect(spanishStem('')).toBe('');
  });
});
