import { buildFactQuery } from '../core/build-fact-query.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS } from '../core/build-search-query.js';
import { factSimilarity } from '../core/fact-similarity.js';
import { hashFact } from '../core/hash-fact.js';
import type { Fact } from '../spec/fact.js';
import type { MemorySource } from '../spec/memory-source.js';
import type { FactScope } from '../spec/scope.js';
import type { AddedFact } from './memory-stack.js';
import type { StackContext } from './stack-context.js';

/**
 * Stores a checked fact unless the scope already holds it, exactly (same normalised hash) or nearly (similar
 * wording): then the stored one is bumped instead, so duplicates never pile up. Null when the turn the fact was drawn
 * from was forgotten meanwhile: nothing is stored.
 */
export async function saveFact(
  context: StackContext,
  scope: FactScope,
  text: string,
  source: {
    sessionKey: string | null;
    turnId: number | null;
    source: MemorySource;
    context?: string | undefined;
    contextTurnIds?: readonly number[] | undefined;
  },
): Promise<AddedFact | null> {
  const { store } = context;
  const at = context.now();
  const near = await findNearDuplicate(context, scope, text);
  const result = near
    ? { id: near.id, inserted: false }
    : await store.facts.insert(scope, {
        text,
        hash: hashFact(text),
        sourceSessionKey: source.sessionKey,
        sourceTurnId: source.turnId,
        source: source.source,
        context: source.context,
        contextTurnIds: source.contextTurnIds,
        at,
      });
  if (result === null) return null;
  if (!result.inserted) {
    await store.facts.touch(scope, [result.id], at);
    context.emit({ type: 'fact-duplicate', sessionKey: source.sessionKey, scope, factId: result.id, text });
  }
  return { id: result.id, text: near?.text ?? text, added: result.inserted };
}

/** A stored fact of the scope worded nearly as `text` (`limits.nearDuplicateSimilarity`), if there is one. */
export async function findNearDuplicate(
  context: StackContext,
  scope: FactScope,
  text: string,
): Promise<Fact | undefined> {
  const similar = await context.store.facts.search(scope, buildSearchQuery(buildFactQuery(text), FACT_SEARCH_WEIGHTS), {
    limit: 8,
  });
  return similar.find(({ fact }) => factSimilarity(fact.text, text) >= context.limits.nearDuplicateSimilarity)?.fact;
}

/** The fact `saveFact` just inserted, as `list` would return it. */
export function storedFact(scope: FactScope, saved: AddedFact, source: MemorySource, at: Date): Fact {
  return {
    id: saved.id,
    agentId: scope.agentId,
    userId: scope.userId ?? null,
    text: saved.text,
    source,
    accessCount: 0,
    createdAt: at,
    lastUsedAt: null,
  };
}
