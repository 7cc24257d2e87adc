import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import type { FactScope } from '../spec/scope.js';
import { embedTexts } from './embed-texts.js';
import type { StackContext } from './stack-context.js';
import { withTimeout } from './with-timeout.js';

/**
 * The vectors of an exchange, computed in its extraction job (after the reply, never on its way) and stored with
 * the rows: the facts it added, its user turn and its reply, in one embedder call (or of a fact added or edited
 * through `stack.facts`); a text in a language the embedder does not read gets the empty mark (`embedTexts`). A failure (the embedder's, or the
 * store's) is an `embedding-failed` event and leaves those rows without a vector, still found lexically; it never
 * fails the job.
 */
export async function storeVectors(
  context: StackContext,
  exchange: {
    /** Null for a fact added or edited through `stack.facts` (then there are no turns). */
    sessionKey: string | null;
    scope: FactScope;
    facts: ReadonlyArray<{ id: number; text: string }>;
    turns: ReadonlyArray<{ id: number; text: string }>;
  },
): Promise<void> {
  const { embedding, store } = context;
  if (embedding === undefined || store.vectors === undefined) return;
  const { sessionKey, scope, facts, turns } = exchange;
  const texts = [...facts.map((fact) => fact.text), ...turns.map((turn) => stripSenderMetadata(turn.text))];
  if (texts.length === 0) return;
  try {
    const vectors = await withTimeout(context.limits.extractionTimeoutMs, (signal) =>
      embedTexts(embedding.embedder, texts, signal),
    );
    const { model } = embedding.embedder;
    const factVectors = facts.flatMap(({ id }, index) => {
      const vector = vectors[index];
      return vector ? [{ id, vector }] : [];
    });
    const turnVectors = turns.flatMap(({ id }, index) => {
      const vector = vectors[facts.length + index];
      return vector ? [{ id, vector }] : [];
    });
    if (factVectors.length > 0) await store.vectors.writeFacts(scope, model, factVectors);
    if (sessionKey !== null && turnVectors.length > 0) await store.vectors.writeTurns(sessionKey, model, turnVectors);
  } catch (error) {
    context.emit({ type: 'embedding-failed', sessionKey, phase: 'store', error });
  }
}
