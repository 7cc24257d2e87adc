import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_STEMMER } from '../../locales/locale-table.js';
import { chooseIndexStemmer, votedIndexStemmers } from './choose-index-stemmer.js';
import { indexWords } from './index-tokens.js';

const languageOf = (text: string): string => chooseIndexStemmer(indexWords(text)).code;
const languagesOf = (text: string): string[] => votedIndexStemmers(indexWords(text)).map(({ code }) => code);

describe('chooseIndexStemmer', () => {
  it('stems a text by the language whose stop words it uses most', () => {
    expect(languageOf('Mi hermana vive en Málaga desde hace dos años')).toBe('es');
    expect(languageOf('Usuario abrió una panadería')).toBe('es');
    expect(languageOf('My sister has lived in Málaga for two years')).toBe('en');
    expect(languageOf('The user moved to Málaga with a friend of hers')).toBe('en');
  });

  it('reads a stop word typed without its accent as the accented one', () => {
    expect(languageOf('donde esta mi movil')).toBe('es');
    expect(languageOf('dónde está mi móvil')).toBe('es');
  });

  it('falls back to the default (English) on none and on a tie', () => {
    expect(chooseIndexStemmer([])).toBe(DEFAULT_INDEX_STEMMER);
    expect(languageOf('Málaga?')).toBe('en');
    expect(languageOf('Usuario corre maratones')).toBe('en');
    // "a" is a stop word of both: one vote each.
    expect(languageOf('a Málaga')).toBe('en');
  });

  it('leaves out the Spanish forms that are everyday English words', () => {
    expect(languageOf("Melanie's son")).toBe('en');
    expect(languageOf('Melanie has a son')).toBe('en');
    expect(languageOf('See ya, Calvin!')).toBe('en');
    expect(languageOf('the solo era of the van')).toBe('en');
  });
});

describe('votedIndexStemmers', () => {
  it('gives the languages a text names by its stop words, every one when it names none', () => {
    expect(languagesOf('¿Dónde vivía mi hermana?')).toEqual(['es']);
    expect(languagesOf('Where did my sister live?')).toEqual(['en']);
    expect(languagesOf('malaga')).toEqual(['en', 'es']);
    expect(languagesOf('a Málaga')).toEqual(['en', 'es']);
  });
});
