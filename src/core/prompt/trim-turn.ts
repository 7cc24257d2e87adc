import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { graphemeBoundaries } from '../text/grapheme-boundaries.js';

/**
 * Shortens a long turn for the conversation history while keeping its start and its end.
 *
 * `text` is returned unchanged when it has at most `threshold` grapheme clusters (default 800). Otherwise the result
 * is the first `head` clusters (default 300), a marker line, and the last `tail` clusters (default 200):
 *
 * ```text
 * ${first head clusters}
 * …[trimmed ${n} chars]…
 * ${last tail clusters}
 * ```
 *
 * that is `${head}\n…[trimmed ${n} chars]…\n${tail}`, where n is the number of clusters removed, so that
 * head + n + tail is the clusters in `text`. No cluster is ever split (👩‍👩‍👧, 🇯🇵, e + U+0301 stay whole).
 * Linear in the length of `text`.
 *
 * @throws InvalidInputError `INVALID_ARGUMENT` unless the options are non-negative integers with head + tail < threshold.
 */
export function trimTurn(text: string, options?: { threshold?: number; head?: number; tail?: number }): string {
  if (typeof text !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'text', 'trimTurn takes a string');
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'options',
      'options must be an object { threshold?, head?, tail? }',
    );
  }
  const threshold = options?.threshold ?? 800;
  const head = options?.head ?? 300;
  const tail = options?.tail ?? 200;
  for (const [name, value] of [
    ['threshold', threshold],
    ['head', head],
    ['tail', tail],
  ] as const) {
    if (!(Number.isSafeInteger(value) && value >= 0)) {
      throw new InvalidInputError(
        'INVALID_ARGUMENT',
        'options',
        `options.${name} must be a non-negative integer, got ${String(value)}.`,
      );
    }
  }
  if (head + tail >= threshold) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'options',
      `options.head + options.tail must be less than options.threshold, got ${head} + ${tail} >= ${threshold}.`,
    );
  }
  // A text of n UTF-16 units has at most n clusters.
  if (text.length <= threshold) return text;

  // One pass: the end of the head, and the last tail + 1 boundaries in a ring, which holds the start of the tail
  // once the count is known. Boundary 0 is the start of the text.
  let count = 0;
  let headEnd = 0;
  const recent = new Float64Array(tail + 1);
  for (const boundary of graphemeBoundaries(text)) {
    count += 1;
    if (count === head) headEnd = boundary;
    recent[count % recent.length] = boundary;
  }
  if (count <= threshold) return text;

  const tailStart = recent[(count - tail) % recent.length] as number;
  const removed = count - head - tail;
  return `${text.slice(0, headEnd)}\n…[trimmed ${removed} chars]…\n${text.slice(tailStart)}`;
}
