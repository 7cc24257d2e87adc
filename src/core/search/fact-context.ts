import { stripSenderMetadata } from '../text/strip-sender-metadata.js';
import { truncateGraphemes } from '../text/truncate-graphemes.js';

/** How much of each text of its exchange a fact is searched with: the head, where the topic usually is. */
export const FACT_CONTEXT_HEAD = 1000;

/**
 * The search context of a fact (see `NewFact.context`): the head of each text of the exchange it was drawn from (the
 * turn before the message, the message, the reply), oldest first, without sender metadata. The one definition: the
 * stack builds a new fact's context with it, and a store rebuilds it with it from the turns that remain when one of
 * them is forgotten.
 */
export function factContext(texts: ReadonlyArray<string>): string {
  return texts
    .map((text) => stripSenderMetadata(text))
    .filter((text) => text.trim() !== '')
    .map((text) => truncateGraphemes(text, FACT_CONTEXT_HEAD, { ellipsis: '' }))
    .join('\n');
}
