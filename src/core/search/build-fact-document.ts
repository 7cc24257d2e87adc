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
 * maratones") names its language in the exchange it came from. Its search keywords (as stored:
 * `storedSearchKeywords`, decision 32) are words near the fact, as its context's are: they join the context field,
 * at its weight, less the tokens the text has already (which they would only lift).
 */
export function buildFactDocument(fact: {
  text: string;
  context?: string | undefined;
  keywords?: string | null | undefined;
  at: Date;
}): IndexDocument {
  const context = neighbourContext([fact.context], 3 * CONTEXT_MAX_GRAPHEMES);
  const keywords = fact.keywords ?? '';
  const textWords = indexWords(fact.text);
  const contextWords = indexWords(context);
  const keywordWords = indexWords(keywords);
  const { stem } = chooseIndexStemmer([...textWords, ...contextWords, ...keywordWords]);
  const text = textWords.map(stem);
  const textGrams = cjkBigrams(fact.text);
  return {
    words: {
      text: text.join(' '),
      context: [...contextWords.map(stem), ...without(keywordWords.map(stem), text)].join(' '),
      dated: dateTerms(fact.at).join(' '),
    },
    grams: {
      text: textGrams,
      context: [cjkBigrams(context), ...without(tokens(cjkBigrams(keywords)), tokens(textGrams))]
        .filter((part) => part !== '')
        .join(' '),
    },
  };
}

function tokens(field: string): string[] {
  return field === '' ? [] : field.split(' ');
}

function without(tokens: readonly string[], own: readonly string[]): string[] {
  const owned = new Set(own);
  return tokens.filter((token) => !owned.has(token));
}
