import type { IndexDocument } from '../../spec/memory-store.js';
import { cjkBigrams } from '../language/cjk-bigrams.js';
import { indexTokens } from '../language/index-tokens.js';
import { dateTerms } from './date-terms.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from './neighbour-context.js';

/**
 * What a store indexes for a fact: its text, the exchange it was drawn from (`factContext`: up to three texts, each
 * cut to its head already, so the whole is only bounded here) and the calendar terms of when it was stored.
 */
export function buildFactDocument(fact: { text: string; context?: string | undefined; at: Date }): IndexDocument {
  const context = neighbourContext([fact.context], 3 * CONTEXT_MAX_GRAPHEMES);
  return {
    words: {
      text: indexTokens(fact.text).join(' '),
      context: indexTokens(context).join(' '),
      dated: dateTerms(fact.at).join(' '),
    },
    grams: { text: cjkBigrams(fact.text), context: cjkBigrams(context) },
  };
}
