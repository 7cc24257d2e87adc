import { describe, expect, it } from 'vitest';
import { buildFactQuery } from './build-fact-query.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS } from './build-search-query.js';

const termsOf = (message: string): string[] =>
  buildSearchQuery(buildFactQuery(message), FACT_SEARCH_WEIGHTS).words.terms.map(({ tokens }) => tokens.join(' '));

describe('buildSearchQuery', () => {
  it('searches an English question under Porter stems only, as before', () => {
    expect(termsOf('Which service does the user deploy with Terraform?')).toEqual([
      'servic',
      'user',
      'deploi',
      'terraform',
    ]);
    // "son" is a Spanish word too, but this question is English: kept, and searched once.
    expect(termsOf("When is Melanie's son's birthday?")).toEqual(['melani', 'son', 'birthdai']);
  });

  it("searches a Spanish question under the Spanish stems and Porter's (which old rows were indexed with)", () => {
    expect(termsOf('¿Dónde vivía mi hermana?')).toEqual(['vivia', 'viv', 'hermana', 'herman']);
  });

  it('searches a question that names no language under every stemmer, each stem once', () => {
    expect(termsOf('Málaga')).toEqual(['malaga', 'malag']);
    expect(termsOf('pnpm')).toEqual(['pnpm']);
  });

  it('searches a hand-built query (no languages) under every stemmer', () => {
    const query = buildSearchQuery({ words: ['panaderías'], cjk: [] }, FACT_SEARCH_WEIGHTS);
    expect(query.words.terms.map(({ tokens }) => tokens.join(' '))).toEqual(['panaderia', 'panad']);
  });
});
