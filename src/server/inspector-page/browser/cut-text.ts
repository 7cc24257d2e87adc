const GRAPHEMES =
  typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;
/**
 * A cluster longer than this (in UTF-16 units) is cut before, never shown: the longest emoji sequences hold about 15;
 * a letter under hundreds of combining marks would cover the rows above and below it.
 */
const LONGEST_CLUSTER = 32;
const ELLIPSIS = '\u2026';

export interface CutText {
  text: string;
  cut: boolean;
}

/** The grapheme clusters of a text with where each starts, lazily (code points where Intl.Segmenter is missing). */
function* clusters(text: string): Generator<{ segment: string; index: number }> {
  if (GRAPHEMES !== null) {
    for (const { segment, index } of GRAPHEMES.segment(text)) yield { segment, index };
    return;
  }
  let index = 0;
  for (const segment of text) {
    yield { segment, index };
    index += segment.length;
  }
}

/**
 * A text cut to at most `most` grapheme clusters, never inside one, with an ellipsis when cut; a cluster longer than
 * LONGEST_CLUSTER ends it there too. Reads no further than the cut, however long the text. Pure (no DOM): the unit
 * tests run it in Node.
 */
export function cutText(value: unknown, most: number): CutText {
  const text = String(value === null || value === undefined ? '' : value);
  let count = 0;
  for (const { segment, index } of clusters(text)) {
    if (count === most || segment.length > LONGEST_CLUSTER) return { text: text.slice(0, index) + ELLIPSIS, cut: true };
    count += 1;
  }
  return { text, cut: false };
}
