import type { IndexDocument } from '../../spec/memory-store.js';
import { chooseIndexStemmer } from '../language/choose-index-stemmer.js';
import { cjkBigrams } from '../language/cjk-bigrams.js';
import { indexWords } from '../language/index-tokens.js';
import { dateTerms } from './date-terms.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from './neighbour-context.js';

/**
 * What a store indexes for a fact: its text, the exchange it was drawn from (`factContext`: up to three texts, each
 * cut to its head already, so the whole is only bounded here) and the calendar terms of when it was stored. Both
 * texts are stemmed by the stemmer of their words together (`chooseIndexStemmer`): a short fact ("Usuario corre
 * maratones") names its language in the exchange it came from.
 */
export function buildFactDocument(fact: { text: string; context?: string | undefined; at: Date }): IndexDocument {
  const context = neighbourContext([fact.context], 3 * CONTEXT_MAX_GRAPHEMES);
  const textWords = indexWords(fact.text);
  const contextWords = indexWords(context);
  const { stem } = chooseIndexStemmer([...textWords, ...contextWords]);
  return {
    words: {
      text: textWords.map(stem).join(' '),
      context: contextWords.map(stem).join(' '),
      dated: dateTerms(fact.at).join(' '),
    },
    grams: { text: cjkBigrams(fact.text), context: cjkBigrams(context) },
  };
}
