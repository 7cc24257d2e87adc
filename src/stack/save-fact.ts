import { hashFact } from '../core/facts/hash-fact.js';
import { buildFactQuery } from '../core/search/build-fact-query.js';
import { buildSearchQuery } from '../core/search/build-search-query.js';
import { factSimilarity } from '../core/search/fact-similarity.js';
import type { Fact } from '../spec/fact.js';
import type { MemorySource } from '../spec/memory-source.js';
import type { FactScope } from '../spec/scope.js';
import type { AddedFact } from './memory-stack.js';
import { searchFacts } from './search-facts.js';
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
    return { id: result.id, text: near?.text ?? text, added: false };
  }
  // The same rule as the extraction path: a new fact replaces the ones it contradicts or drops.
  for (const id of await findSupersededFacts(context, scope, text)) {
    if (id === result.id || !(await store.facts.supersede(scope, id, result.id))) continue;
    context.emit({ type: 'fact-superseded', sessionKey: source.sessionKey, scope, factId: id, byFactId: result.id });
  }
  return { id: result.id, text, added: true };
}

/** The most statements of one message, and cues of one statement, read for what they replace. */
const MOST_STATEMENTS = 60;
const MOST_CUES = 8;

/**
 * Live facts of the scope that `statement` replaces, as the stack's policy decides (`supersede.find`): among
 * `related` (facts found already) and the facts its cues find, since a replaced fact may share no word with it
 * ("moved to Berlin", "lives in Paris"). `byUser`: a statement of the user's own message. Only ids of the facts the
 * policy was shown are kept, whatever it returns.
 */
export async function findSupersededFacts(
  context: StackContext,
  scope: FactScope,
  statement: string,
  options: { related?: ReadonlyArray<{ id: number; text: string }>; byUser?: boolean } = {},
): Promise<number[]> {
  const said = { text: statement, byUser: options.byUser === true };
  const cues = strings(context.policy.supersede.cues(said)).slice(0, MOST_CUES);
  if (cues.length === 0) return [];
  const found = [
    ...(options.related ?? []),
    ...((await searchFacts(context, scope, cues.join(' '), 20)) ?? []),
    ...((await searchFacts(context, scope, statement, 8)) ?? []),
  ];
  const shown = new Set(found.map((fact) => fact.id));
  const ids = context.policy.supersede.find(said, found);
  return Array.isArray(ids) ? [...new Set(ids.filter((id) => shown.has(id)))] : [];
}

/** The statements of a user's message the policy reads for what they replace (`supersede.statements`). */
export function userStatements(context: Pick<StackContext, 'policy'>, message: string): string[] {
  return strings(context.policy.supersede.statements(message)).slice(0, MOST_STATEMENTS);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}

/** A stored fact of the scope worded nearly as `text` (`limits.nearDuplicateSimilarity`), if there is one. */
export async function findNearDuplicate(
  context: StackContext,
  scope: FactScope,
  text: string,
): Promise<Fact | undefined> {
  const similar = await context.store.facts.search(
    scope,
    buildSearchQuery(buildFactQuery(text), context.ranking.facts.search),
    {
      limit: 8,
    },
  );
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
