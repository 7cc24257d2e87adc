/**
 * The constant of reciprocal-rank fusion (Cormack, Clarke and Büttcher, 2009): a hit at rank r of a list adds
 * 1 / (k + r). 60 is the published value; it keeps the head of one list from drowning the other list's agreement.
 */
export const FUSION_K = 60;

/**
 * Reciprocal-rank fusion of rankings of the same items (best first; an item may be missing from some): the items
 * of all of them, best first, with their fused score. Only ranks count, never the lists' own scores, which are on
 * scales that cannot be compared (bm25 against cosine) and move with the query and the embedding model. Ties keep
 * the order of the first ranking, then of the next.
 */
export function fuseRankings<Key>(
  rankings: ReadonlyArray<readonly Key[]>,
  k: number = FUSION_K,
): Array<{ key: Key; score: number }> {
  const scores = new Map<Key, { score: number; order: number }>();
  for (const ranking of rankings) {
    ranking.forEach((key, index) => {
      const known = scores.get(key);
      const gain = 1 / (k + index + 1);
      if (known) known.score += gain;
      else scores.set(key, { score: gain, order: scores.size });
    });
  }
  return [...scores]
    .sort(([, a], [, b]) => b.score - a.score || a.order - b.order)
    .map(([key, { score }]) => ({ key, score }));
}
