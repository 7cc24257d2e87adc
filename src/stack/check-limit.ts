import { InvalidInputError } from '../spec/errors/invalid-input-error.js';

/**
 * The `limit` of a search's options: `fallback` when absent, else an integer from 0 to `most` (a larger one is
 * capped). Anything else (negative, fractional, NaN, not a number, options that are not an object) is refused.
 */
export function checkLimit(options: unknown, fallback: number, most: number): number {
  if (options === undefined || options === null) return Math.min(fallback, most);
  if (typeof options !== 'object') {
    throw new InvalidInputError('INVALID_ARGUMENT', 'options', 'options must be an object such as { limit: 5 }');
  }
  const limit = (options as { limit?: unknown }).limit;
  if (limit === undefined) return Math.min(fallback, most);
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'limit', 'limit must be a non-negative integer');
  }
  return Math.min(limit, most);
}
