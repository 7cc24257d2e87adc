import { checkVectors } from '../core/search/check-vectors.js';
import { embedderReads } from '../core/search/embedder-reads.js';
import { embeddingText } from '../core/search/embedding-text.js';
import type { Embedder } from '../spec/embedder.js';

const OUTSIDE_THE_MODEL = new Float32Array(0);

/**
 * The vectors of texts to store, one per text in order: those in a language the embedder reads from one call, an
 * empty vector for the others (`VectorWrite.vector`: the mark of a row outside the model). No call when it reads
 * none of them. Rejects as `embed` does, or with an `InvalidOutputError` for a reply that is not vectors.
 */
export async function embedTexts(
  embedder: Embedder,
  texts: readonly string[],
  signal: AbortSignal,
): Promise<Float32Array[]> {
  const read = texts.map((text) => embedderReads(embedder, text));
  const sent = texts.filter((_, index) => read[index]);
  const vectors =
    sent.length === 0
      ? []
      : checkVectors(await embedder.embed(sent.map(embeddingText), { signal }), sent.length, embedder.dimensions);
  let next = 0;
  return texts.map((_, index) => (read[index] ? (vectors[next++] ?? OUTSIDE_THE_MODEL) : OUTSIDE_THE_MODEL));
}
