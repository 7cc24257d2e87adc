/**
 * The page script's text rules, pure functions of their inputs (no DOM, so a test runs them in `node:vm`): stored
 * text cut in grapheme clusters, session keys decoded for reading, and a ranking score put in words. Same rules as
 * the rest of the script: no backtick, no backslash and no dollar-brace.
 */
export const SCRIPT_TEXT = `
const GRAPHEMES =
  typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;
/**
 * A cluster longer than this (in UTF-16 units) is cut before, never shown: the longest emoji sequences hold about 15;
 * a letter under hundreds of combining marks would cover the rows above and below it.
 */
const LONGEST_CLUSTER = 32;
const ELLIPSIS = String.fromCharCode(0x2026);

/** The grapheme clusters of a text with where each starts, lazily (code points where Intl.Segmenter is missing). */
function* clusters(text) {
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
 * A text cut to at most most grapheme clusters, never inside one, with an ellipsis when cut; a cluster longer than
 * LONGEST_CLUSTER ends it there too. Reads no further than the cut, however long the text.
 */
function cutText(value, most) {
  const text = String(value === null || value === undefined ? '' : value);
  let count = 0;
  for (const { segment, index } of clusters(text)) {
    if (count === most || segment.length > LONGEST_CLUSTER) return { text: text.slice(0, index) + ELLIPSIS, cut: true };
    count += 1;
  }
  return { text, cut: false };
}

/**
 * A session key (agent/channel/thread, or agent/-/-/@user; each part URI-encoded, - for an absent one) as the text
 * its parts are: [{ absent }] or [{ text, user }] per part. Null when the key is not of that shape or a part is not
 * valid percent-encoding: then it is shown as it is.
 */
function keyParts(key) {
  const parts = String(key).split('/');
  if (parts.length !== 3 && !(parts.length === 4 && parts[3].startsWith('@') && parts[1] === '-' && parts[2] === '-')) {
    return null;
  }
  const decoded = [];
  for (const [index, part] of parts.entries()) {
    const user = index === 3;
    const raw = user ? part.slice(1) : part;
    if (raw === '' || (index === 0 && raw === '-')) return null;
    if (!user && raw === '-') {
      decoded.push({ absent: true });
      continue;
    }
    try {
      decoded.push({ text: decodeURIComponent(raw), user });
    } catch {
      return null;
    }
  }
  return decoded;
}

/** A raw score with three significant digits, in exponent form when small or large (7.25e-6, not 0.00000725). */
function formatScore(score) {
  const size = Math.abs(score);
  return size === 0 || (size >= 0.001 && size < 1000000) ? score.toPrecision(3) : score.toExponential(2);
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st. */
function ordinal(rank) {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][rank % 10] || 'th';
  return rank + suffix;
}

/**
 * How one of a ranked list (best first) compares, in words: its place, and its score as a share of the first one's
 * (a ratio of two scores of the same search, which is all a bm25 score can be compared with). Null score: chosen by
 * recency. The raw score goes in detail.
 */
function rankWords(index, score, first) {
  if (typeof score !== 'number') return { rank: 'by recency', relative: null, detail: 'chosen by recency: the message had no searchable term' };
  const rank = ordinal(index + 1);
  const detail = 'raw ranking score ' + formatScore(score) + ': comparable only with the other results of the same search';
  if (index === 0) return { rank, relative: 'the best', detail };
  if (typeof first !== 'number' || !(first > 0) || !Number.isFinite(first) || !(score >= 0)) {
    return { rank, relative: null, detail };
  }
  const share = (score / first) * 100;
  const shown = share > 0 && share < 1 ? '<1' : String(Math.round(share));
  return { rank, relative: shown + '% of the 1st’s score', detail };
}
`;
