/**
 * The cosine of two vectors: 1 same direction, 0 unrelated. 0 when either is all zeros or their lengths differ
 * (vectors of two models, which say nothing about each other).
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] as number;
    const y = b[index] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  const cosine = dot / Math.sqrt(normA * normB);
  return Number.isFinite(cosine) ? cosine : 0;
}
