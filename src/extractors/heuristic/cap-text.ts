const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// A grapheme cluster rarely spans more code units than this; only that much text is ever segmented.
const WIDEST_GRAPHEME = 8;

/**
 * Caps text at `limit` grapheme clusters, ending with `…` when cut. Never splits a cluster (emoji, combining marks).
 */
export function capText(text: string, limit: number): string {
  if (text.length <= limit) return text; // code units are never fewer than clusters
  const graphemes = Array.from(segmenter.segment(text.slice(0, limit * WIDEST_GRAPHEME)), (part) => part.segment);
  if (graphemes.length <= limit && graphemes.join('').length === text.length) return text;
  // The last cluster of a slice may itself be cut: keep it only when more clusters follow it.
  const kept = graphemes.slice(0, Math.min(limit - 1, graphemes.length - 1));
  return `${kept.join('').trimEnd()}…`;
}
