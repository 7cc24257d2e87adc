import { checkVectors } from '../core/check-vectors.js';
import { embeddingText } from '../core/embedding-text.js';
import type { StackContext } from './stack-context.js';
import { withTimeout } from './with-timeout.js';

/**
 * The vector of a message, for the hot path: bounded by `queryTimeoutMs`, and null (with an `embedding-failed`
 * event) when the embedder fails, times out or answers nonsense; the message is then ranked lexically only. Never
 * rejects, so that it can be started before the reads it runs beside.
 */
export async function embedQuery(
  context: StackContext,
  sessionKey: string | null,
  text: string,
): Promise<Float32Array | null> {
  const { embedding } = context;
  if (embedding === undefined) return null;
  try {
    const output = await withTimeout(embedding.queryTimeoutMs, (signal) =>
      embedding.embedder.embed([embeddingText(text)], { signal }),
    );
    return checkVectors(output, 1, embedding.embedder.dimensions)[0] ?? null;
  } catch (error) {
    context.emit({ type: 'embedding-failed', sessionKey, phase: 'query', error });
    return null;
  }
}
