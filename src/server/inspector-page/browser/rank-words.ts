/** A raw score with three significant digits, in exponent form when small or large (7.25e-6, not 0.00000725). */
export function formatScore(score: number): string {
  const size = Math.abs(score);
  return size === 0 || (size >= 0.001 && size < 1000000) ? score.toPrecision(3) : score.toExponential(2);
}

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st. */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th');
  return `${rank}${suffix}`;
}

export interface RankWords {
  rank: string;
  relative: string | null;
  detail: string;
}

/**
 * How one of a ranked list (best first) compares, in words: its place, and its score as a share of the first one's
 * (a ratio of two scores of the same search, which is all a bm25 score can be compared with). Null score: chosen by
 * recency. The raw score goes in detail. Pure (no DOM).
 */
export function rankWords(
  index: number,
  score: number | null | undefined,
  first: number | null | undefined,
): RankWords {
  if (typeof score !== 'number') {
    return { rank: 'by recency', relative: null, detail: 'chosen by recency: the message had no searchable term' };
  }
  const rank = ordinal(index + 1);
  const detail = `raw ranking score ${formatScore(score)}: comparable only with the other results of the same search`;
  if (index === 0) return { rank, relative: 'the best', detail };
  if (typeof first !== 'number' || !(first > 0) || !Number.isFinite(first) || !(score >= 0)) {
    return { rank, relative: null, detail };
  }
  const share = (score / first) * 100;
  const shown = share > 0 && share < 1 ? '<1' : String(Math.round(share));
  return { rank, relative: `${shown}% of the 1st’s score`, detail };
}
