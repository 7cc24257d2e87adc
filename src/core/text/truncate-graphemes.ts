import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { countGraphemes } from './count-graphemes.js';
import { graphemeBoundaries } from './grapheme-boundaries.js';

/**
 * `text` unchanged when it has at most `max` grapheme clusters; otherwise its first clusters followed by
 * `options.ellipsis` (default `'…'`), at most `max` clusters in all, ellipsis included. No cluster is ever split.
 * When the ellipsis alone is longer than `max`, the result is the first `max` clusters with no ellipsis.
 * Reads `text` only up to the cut.
 */
export function truncateGraphemes(text: string, max: number, options?: { ellipsis?: string }): string {
  if (!(Number.isSafeInteger(max) && max >= 0)) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'max', `max must be a non-negative integer, got ${String(max)}.`);
  }
  // A text of n UTF-16 units has at most n clusters.
  if (text.length <= max) return text;

  let ellipsis = options?.ellipsis ?? '…';
  let kept = max - countGraphemes(ellipsis, { stopAfter: max });
  if (kept < 0) {
    ellipsis = '';
    kept = max;
  }
  let count = 0;
  let cut = 0;
  for (const boundary of graphemeBoundaries(text)) {
    count += 1;
    if (count === kept) cut = boundary;
    if (count > max) return text.slice(0, cut) + ellipsis;
  }
  return text;
}
