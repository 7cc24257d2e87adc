import type { IndexDocument } from '../../spec/memory-store.js';
import { cjkBigrams } from '../language/cjk-bigrams.js';
import { indexTokens } from '../language/index-tokens.js';
import { dateTerms } from './date-terms.js';
import { neighbourContext } from './neighbour-context.js';

/**
 * What a store indexes for a turn: its text, the heads of the turns before and after it in the session (an answer's
 * topic is often in the question before it) and the calendar terms of when it was said.
 */
export function buildTurnDocument(
  turn: { text: string; at: Date },
  neighbours: ReadonlyArray<string | null | undefined>,
): IndexDocument {
  return joinTurnDocument(buildTurnText(turn), buildTurnContext(neighbours));
}

/** The fields of a turn's document that come from the turn itself (its text and when it was said). */
export interface TurnTextFields {
  words: string;
  dated: string;
  grams: string;
}

/**
 * The turn's own fields: the costly part of its document on a long turn, which a store can build before its write
 * transaction (and a turn's own fields never change: its words are stemmed by their own stemmer, not its context's).
 */
export function buildTurnText(turn: { text: string; at: Date }): TurnTextFields {
  return { words: indexTokens(turn.text).join(' '), dated: dateTerms(turn.at).join(' '), grams: cjkBigrams(turn.text) };
}

/** A turn's document from its own fields and its context's. */
export function joinTurnDocument(own: TurnTextFields, context: { words: string; grams: string }): IndexDocument {
  return {
    words: { text: own.words, context: context.words, dated: own.dated },
    grams: { text: own.grams, context: context.grams },
  };
}

/**
 * The context fields alone of a turn's document (from its neighbours): what changes when a turn gets a new
 * neighbour, so that a store can rewrite them without tokenising the turn's own text again.
 */
export function buildTurnContext(neighbours: ReadonlyArray<string | null | undefined>): {
  words: string;
  grams: string;
} {
  const context = neighbourContext(neighbours);
  return { words: indexTokens(context).join(' '), grams: cjkBigrams(context) };
}
