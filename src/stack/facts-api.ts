import { hashFact } from '../core/facts/hash-fact.js';
import { buildFactQuery } from '../core/search/build-fact-query.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { FactScope } from '../spec/scope.js';
import { admitMemory } from './admit-memory.js';
import { checkLimit } from './check-limit.js';
import { checkScope } from './check-scope.js';
import { startQueryVector } from './embed-query.js';
import type { FactsApi } from './memory-stack.js';
import { saveFact, storedFact } from './save-fact.js';
import { FUSION_DEPTH_PER_FACT, searchFactsWithVectors } from './search-facts.js';
import type { StackContext } from './stack-context.js';
import { storeVectors } from './store-vectors.js';

/** The most facts one search returns. */
const MOST_RESULTS = 100;

/** A fact given through the API, as the stack's policy admits it (as the extractor's are): its text, or an error. */
function checkedFact(context: StackContext, text: unknown): string {
  if (typeof text !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'text', 'a fact must be a string');
  const checked = admitMemory(context, { text, kind: 'fact', source: 'api', maxChars: context.limits.factMaxChars });
  if (!checked.ok) throw new InvalidInputError('INVALID_ARGUMENT', 'text', `not a storable fact (${checked.reason})`);
  return checked.text;
}

/** `stack.facts`: direct access to a scope's facts, with the same checks and ranking as the automatic path. */
export function createFactsApi(context: StackContext, open: () => void): FactsApi {
  const scoped = (scope: unknown): FactScope => {
    open();
    const { agentId, userId } = checkScope(scope);
    return { agentId, userId };
  };
  return {
    add: async (scope, text) => {
      const target = scoped(scope);
      const checked = checkedFact(context, text);
      const saved = await saveFact(context, target, checked, { sessionKey: null, turnId: null, source: 'api' });
      // A fact without a source turn is always stored (or merged).
      if (saved === null) throw new Error('unreachable: a fact without a source turn was refused');
      if (saved.added) {
        const fact = storedFact(target, saved, 'api', context.now());
        context.emit({ type: 'facts-added', sessionKey: null, scope: target, facts: [fact] });
        await storeVectors(context, { sessionKey: null, scope: target, facts: [saved], turns: [] });
      }
      return saved;
    },
    list: async (scope) => context.store.facts.list(scoped(scope)),
    search: async (scope, query, options = {}) => {
      const target = scoped(scope);
      if (typeof query !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'query', 'query must be a string');
      const limit = checkLimit(options, context.limits.factsTopK, MOST_RESULTS);
      if (limit === 0) return [];
      const terms = buildFactQuery(query);
      const vector = startQueryVector(context, null, query, terms);
      // With a vector, fused as deep as `prepare` fuses for its topK, then cut: the same order.
      const depth = vector === null ? limit : limit * FUSION_DEPTH_PER_FACT;
      return ((await searchFactsWithVectors(context, target, query, depth, terms, vector)) ?? []).slice(0, limit);
    },
    edit: async (scope, id, text) => {
      const target = scoped(scope);
      if (!Number.isSafeInteger(id)) throw new InvalidInputError('INVALID_ARGUMENT', 'id', 'a fact id is an integer');
      const checked = checkedFact(context, text);
      const at = context.now();
      const edited = await context.store.facts.edit(target, id, { text: checked, hash: hashFact(checked), at });
      // The store dropped the old text's vector: the new text gets its own.
      if (edited && !edited.merged) {
        await storeVectors(context, { sessionKey: null, scope: target, facts: [{ id, text: checked }], turns: [] });
      }
      return edited && { id: edited.id, text: checked, merged: edited.merged };
    },
    remove: async (scope, id) => {
      const target = scoped(scope);
      if (!Number.isSafeInteger(id)) throw new InvalidInputError('INVALID_ARGUMENT', 'id', 'a fact id is an integer');
      return context.store.facts.remove(target, id);
    },
  };
}
