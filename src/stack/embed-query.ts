import { isEmptyQuery } from '../core/search/build-fact-query.js';
import { checkVectors } from '../core/search/check-vectors.js';
import { embedderReads } from '../core/search/embedder-reads.js';
import { embeddingText } from '../core/search/embedding-text.js';
import type { FactQuery } from '../spec/memory-store.js';
import type { StackContext } from './stack-context.js';
import { withTimeout } from './with-timeout.js';

/** How long messages are ranked without a vector after a query embedding failed. */
export const QUERY_PAUSE_MS = 30_000;

/**
 * The vector of a message, for the hot path: bounded by `queryTimeoutMs`, and null (with an `embedding-failed`
 * event) when the embedder fails, times out or answers nonsense; the message is then ranked lexically only, and so
 * are the messages of the next `QUERY_PAUSE_MS`, without asking (a server that hangs must not cost every turn its
 * timeout). Never rejects, so that it can be started before the reads it runs beside.
 */
export async function embedQuery(
  context: StackContext,
  sessionKey: string | null,
  text: string,
): Promise<Float32Array | null> {
  const { embedding } = context;
  if (embedding === undefined || context.now().getTime() < embedding.pausedUntil) return null;
  try {
    const output = await withTimeout(embedding.queryTimeoutMs, (signal) =>
      embedding.embedder.embed([embeddingText(text)], { signal }),
    );
    return checkVectors(output, 1, embedding.embedder.dimensions)[0] ?? null;
  } catch (error) {
    embedding.pausedUntil = context.now().getTime() + QUERY_PAUSE_MS;
    context.emit({ type: 'embedding-failed', sessionKey, phase: 'query', error });
    return null;
  }
}

/**
 * The message's vector, asked for at once so that it comes beside the reads that follow (`embedQuery`: never
 * rejects); null without an embedder, for a message with nothing to search for (no facts by relevance then, as
 * without an embedder), and for one in a language the embedder does not read (`Embedder.languages`: ranked
 * lexically).
 */
export function startQueryVector(
  context: StackContext,
  sessionKey: string | null,
  text: string,
  query: FactQuery,
): Promise<Float32Array | null> | null {
  return context.embedding && !isEmptyQuery(query) && embedderReads(context.embedding.embedder, text)
    ? embedQuery(context, sessionKey, text)
    : null;
}
