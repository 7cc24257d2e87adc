import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { porterStem } from './porter-stem.js';

describe('porterStem', () => {
  it("stems Porter's vocabulary as his paper does", () => {
    const pairs: Record<string, string> = {
      caresses: 'caress',
      ponies: 'poni',
      ties: 'ti',
      caress: 'caress',
      cats: 'cat',
      feed: 'feed',
      agreed: 'agre',
      plastered: 'plaster',
      bled: 'bled',
      motoring: 'motor',
      sing: 'sing',
      conflated: 'conflat',
      troubled: 'troubl',
      sized: 'size',
      hopping: 'hop',
      tanned: 'tan',
      falling: 'fall',
      hissing: 'hiss',
      fizzed: 'fizz',
      failing: 'fail',
      filing: 'file',
      happy: 'happi',
      sky: 'sky',
      relational: 'relat',
      conditional: 'condit',
      rational: 'ration',
      valenci: 'valenc',
      digitizer: 'digit',
      conformabli: 'conform',
      radicalli: 'radic',
      differentli: 'differ',
      vileli: 'vile',
      analogousli: 'analog',
      vietnamization: 'vietnam',
      predication: 'predic',
      operator: 'oper',
      feudalism: 'feudal',
      decisiveness: 'decis',
      hopefulness: 'hope',
      callousness: 'callous',
      formaliti: 'formal',
      sensitiviti: 'sensit',
      sensibiliti: 'sensibl',
      triplicate: 'triplic',
      formative: 'form',
      formalize: 'formal',
      electriciti: 'electr',
      electrical: 'electr',
      hopeful: 'hope',
      goodness: 'good',
      revival: 'reviv',
      allowance: 'allow',
      inference: 'infer',
      airliner: 'airlin',
      gyroscopic: 'gyroscop',
      adjustable: 'adjust',
      defensible: 'defens',
      irritant: 'irrit',
      replacement: 'replac',
      adjustment: 'adjust',
      dependent: 'depend',
      adoption: 'adopt',
      homologou: 'homolog',
      communism: 'commun',
      activate: 'activ',
      angulariti: 'angular',
      homologous: 'homolog',
      effective: 'effect',
      bowdlerize: 'bowdler',
      probate: 'probat',
      rate: 'rate',
      cease: 'ceas',
      controll: 'control',
      roll: 'roll',
      generalization: 'gener',
      generalizations: 'gener',
    };
    for (const [word, stem] of Object.entries(pairs)) expect(porterStem(word), word).toBe(stem);
  });

  it('leaves a token under 3 or over 64 UTF-8 bytes as it is, as FTS5 did', () => {
    expect(porterStem('is')).toBe('is');
    expect(porterStem('as')).toBe('as');
    expect(porterStem('abs')).toBe('ab');
    const long = `${'a'.repeat(60)}ing`;
    expect(porterStem(long)).toBe('a'.repeat(60));
    expect(porterStem(`é${'a'.repeat(60)}ing`)).toBe(`é${'a'.repeat(60)}ing`);
  });

  it('counts letters of other scripts as consonants, and never cuts one', () => {
    expect(porterStem('한국어')).toBe('한국어');
    expect(porterStem('москвы')).toBe('москвы');
    expect(porterStem('日本s')).toBe('日本');
    // FTS5 compared bytes here, and dropped one of the two equal bytes that end ꪪ (EA AA AA): not a letter.
    expect(porterStem('aꪪed')).toBe('aꪪ');
    expect(porterStem('aꪪꪪed')).toBe('aꪪꪪ');
  });

  it('returns a non-empty prefix-or-variant of any word, and is idempotent on digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,20}$/), (word) => {
        const stem = porterStem(word);
        expect(stem.length).toBeGreaterThan(0);
        expect(stem.length).toBeLessThanOrEqual(word.length + 1);
        if (/^[0-9]+$/.test(word)) expect(stem).toBe(word);
      }),
      { numRuns: 2000 },
    );
  });
});
