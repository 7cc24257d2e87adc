import type { IndexDocument } from '../spec/memory-store.js';
import { dateTerms } from './date-terms.js';
import { cjkBigrams } from './language/cjk-bigrams.js';
import { indexTokens } from './language/index-tokens.js';
import { neighbourContext } from './neighbour-context.js';

/**
 * What a store indexes for a turn: its text, the heads of the turns before and after it in the session (an answer's
 * topic is often in the question before it) and the calendar terms of when it was said.
 */
export function buildTurnDocument(
  turn: { text: string; at: Date },
  neighbours: ReadonlyArray<string | null | undefined>,
): IndexDocument {
  const context = neighbourContext(neighbours);
  return {
    words: {
      text: indexTokens(turn.text).join(' '),
      context: indexTokens(context).join(' '),
      dated: dateTerms(turn.at).join(' '),
    },
    grams: { text: cjkBigrams(turn.text), context: cjkBigrams(context) },
  };
}
