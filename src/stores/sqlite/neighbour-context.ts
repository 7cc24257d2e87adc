import { cjkBigrams } from '../../core/language/cjk-bigrams.js';
import { truncateGraphemes } from '../../core/truncate-graphemes.js';

/** How much of each neighbouring text a fact's or a turn's context keeps: the head, where the topic usually is. */
export const CONTEXT_MAX_GRAPHEMES = 1000;

/**
 * The context column of an index entry: the heads of the neighbouring texts (`maxEach` grapheme clusters of each),
 * and their CJK bigrams.
 */
export function neighbourContext(
  texts: ReadonlyArray<string | null | undefined>,
  maxEach = CONTEXT_MAX_GRAPHEMES,
): { context: string; grams: string } {
  const context = texts
    .filter((text): text is string => typeof text === 'string' && text !== '')
    .map((text) => truncateGraphemes(text, maxEach, { ellipsis: '' }))
    .join('\n');
  return { context, grams: cjkBigrams(context) };
}
