/**
 * A lexical ranking fused with a ranking by vector, so that the vector can bring in an item worded differently and
 * reorder close lexical hits, yet never demote a strong lexical match. Each item scores its lexical score as a share
 * of the best one (0 for an item the lexical ranking did not find) plus `weight` times its standing by cosine among
 * the vector's `depth` best (1 for the closest, 0 for the `depth`-th; min-max, so the scale of a model's cosines does
 * not matter). Hence the guarantee: a lexical hit that leads another by more than `weight` of the best lexical score
 * stays ahead of it, and an item found only by its vector passes no lexical hit scoring above `weight` of the best.
 * Ties keep the lexical order, then the vector's.
 */
export function fuseWithStanding<Key>(
  lexical: ReadonlyArray<{ key: Key; score: number }>,
  byCosine: ReadonlyArray<{ key: Key; cosine: number }>,
  options: { weight: number; depth: number },
): Array<{ key: Key; score: number }> {
  const best = lexical.reduce((top, { score }) => Math.max(top, score), 0);
  const closest = byCosine.slice(0, Math.max(0, options.depth));
  const high = closest[0]?.cosine ?? 0;
  const low = closest[closest.length - 1]?.cosine ?? 0;
  const fused = new Map<Key, { score: number; order: number }>();
  for (const { key, score } of lexical) {
    if (fused.has(key)) continue;
    fused.set(key, { score: best > 0 && score > 0 ? score / best : 0, order: fused.size });
  }
  for (const { key, cosine } of closest) {
    const standing = high > low ? (cosine - low) / (high - low) : 1;
    const known = fused.get(key);
    const gain = options.weight * standing;
    if (known) known.score += gain;
    else fused.set(key, { score: gain, order: fused.size });
  }
  return [...fused]
    .sort(([, a], [, b]) => b.score - a.score || a.order - b.order)
    .map(([key, { score }]) => ({ key, score }));
}
