import type { FactQuery, IndexDocument, SearchQuery, SearchTerm } from '../../spec/memory-store.js';
import { cjkWordGrams } from '../language/cjk-bigrams.js';
import { indexTokens } from '../language/index-tokens.js';

/** The bm25 weight of each field of an index document. */
export interface SearchWeights {
  words: Readonly<Record<keyof IndexDocument['words'], number>>;
  grams: Readonly<Record<keyof IndexDocument['grams'], number>>;
}

/**
 * Fact search: the exchange a fact came from counts half as much as the fact; a date the message names counts as
 * much as a word of the fact.
 */
export const FACT_SEARCH_WEIGHTS: SearchWeights = {
  words: { text: 1, context: 0.5, dated: 1 },
  grams: { text: 1, context: 0.5 },
};

/** Turn search: the neighbouring turns count a little less than a fact's exchange does. */
export const TURN_SEARCH_WEIGHTS: SearchWeights = {
  words: { text: 1, context: 0.4, dated: 1 },
  grams: { text: 1, context: 0.4 },
};

const DATE_TERM = /^[a-z0-9]+$/;

/**
 * A fact query as index tokens, for a store to match: each word as the tokens `indexTokens` gives it (stemmed; a word
 * that folds into several is a phrase of them), searched in the text and the context; each date term in the
 * calendar terms; each Chinese/Japanese/Korean word as its bigrams (`cjkWordGrams`). Distinct words stay distinct
 * terms even when they stem alike ("deploys", "deploying"): each counts, as each did when the index stemmed them.
 */
export function buildSearchQuery(query: FactQuery, weights: SearchWeights): SearchQuery {
  const words: SearchTerm<keyof IndexDocument['words']>[] = [];
  for (const word of new Set(query.words)) {
    const tokens = indexTokens(word);
    if (tokens.length > 0) words.push({ tokens, fields: ['text', 'context'] });
  }
  for (const term of new Set(query.dates ?? [])) {
    if (DATE_TERM.test(term)) words.push({ tokens: [term], fields: ['dated'] });
  }
  const grams: SearchTerm<keyof IndexDocument['grams']>[] = [];
  const seen = new Set<string>();
  for (const word of query.cjk) {
    const search = cjkWordGrams(word);
    const key = search && `${search.prefix ? '*' : ''}${search.tokens.join(' ')}`;
    if (!search || key === null || seen.has(key)) continue;
    seen.add(key);
    grams.push({ tokens: search.tokens, ...(search.prefix ? { prefix: true } : {}), fields: ['text', 'context'] });
  }
  return { words: { weights: weights.words, terms: words }, grams: { weights: weights.grams, terms: grams } };
}
