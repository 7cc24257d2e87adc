import { truncateGraphemes } from '../text/truncate-graphemes.js';

/** How much of each neighbouring text a fact's or a turn's context keeps: the head, where the topic usually is. */
export const CONTEXT_MAX_GRAPHEMES = 1000;

/**
 * The context of an index document: the heads of the neighbouring texts (`maxEach` grapheme clusters of each), one a
 * line. Cut in grapheme clusters, never inside one.
 */
export function neighbourContext(
  texts: ReadonlyArray<string | null | undefined>,
  maxEach = CONTEXT_MAX_GRAPHEMES,
): string {
  return texts
    .filter((text): text is string => typeof text === 'string' && text !== '')
    .map((text) => truncateGraphemes(text, maxEach, { ellipsis: '' }))
    .join('\n');
}
