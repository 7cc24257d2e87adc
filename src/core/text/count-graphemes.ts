import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { graphemeBoundaries } from './grapheme-boundaries.js';

/**
 * The number of grapheme clusters (user-perceived characters) in `text`: 👩‍👩‍👧, 🇯🇵 and e + U+0301 each count as
 * one. Linear in the length of `text`.
 *
 * With `stopAfter`, counting stops as soon as the count exceeds it, and the result is then some number greater than
 * `stopAfter` rather than the exact count: a size check on a huge text costs only the limit.
 */
export function countGraphemes(text: string, options?: { stopAfter?: number }): number {
  const stopAfter = options?.stopAfter ?? Number.POSITIVE_INFINITY;
  if (!(Number.isSafeInteger(stopAfter) && stopAfter >= 0) && stopAfter !== Number.POSITIVE_INFINITY) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'options',
      `options.stopAfter must be a non-negative integer, got ${String(stopAfter)}.`,
    );
  }
  let count = 0;
  for (const _boundary of graphemeBoundaries(text)) {
    count += 1;
    if (count > stopAfter) break;
  }
  return count;
}
