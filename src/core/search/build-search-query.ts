import { DEFAULT_INDEX_STEMMER, INDEX_STEMMERS } from '../../locales/locale-table.js';
import type { FactQuery, IndexDocument, SearchQuery, SearchTerm } from '../../spec/memory-store.js';
import { cjkWordGrams } from '../language/cjk-bigrams.js';
import { indexWords } from '../language/index-tokens.js';

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
 * A fact query as index tokens, for a store to match: each word as the tokens `indexTokens` gives it (a word that
 * folds into several is a phrase of them), searched in the text and the context, once under each stemmer that stems it
 * differently among the default (English) and those of the languages the query names (`FactQuery.stemmedAs`, every
 * language's when it names none): a document is stemmed by its language's stemmer (decision 30), and a short query
 * names no language. Each date term in the calendar terms; each Chinese/Japanese/Korean word as its bigrams
 * (`cjkWordGrams`). Distinct words stay distinct terms even when they stem alike ("deploys", "deploying"): each
 * counts, as each did when the index stemmed them.
 */
export function buildSearchQuery(query: FactQuery, weights: SearchWeights): SearchQuery {
  const stemmers = INDEX_STEMMERS.filter(
    (stemmer) =>
      stemmer === DEFAULT_INDEX_STEMMER || query.stemmedAs === undefined || query.stemmedAs.includes(stemmer.code),
  );
  const words: SearchTerm<keyof IndexDocument['words']>[] = [];
  for (const word of new Set(query.words)) {
    const unstemmed = indexWords(word);
    if (unstemmed.length === 0) continue;
    const stemmed = new Set<string>();
    for (const { stem } of stemmers) {
      const tokens = unstemmed.map(stem);
      const key = tokens.join(' ');
      if (stemmed.has(key)) continue;
      stemmed.add(key);
      words.push({ tokens, fields: ['text', 'context'] });
    }
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
