import { checkFact } from '../core/check-fact.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { FactScope } from '../spec/scope.js';
import { checkScope } from './check-scope.js';
import type { FactsApi } from './memory-stack.js';
import { saveFact, storedFact } from './save-fact.js';
import { searchFacts } from './search-facts.js';
import type { StackContext } from './stack-context.js';

/** `stack.facts`: direct access to a scope's facts, with the same checks and ranking as the automatic path. */
export function createFactsApi(context: StackContext, open: () => void): FactsApi {
  const scoped = (scope: FactScope): FactScope => {
    open();
    checkScope(scope);
    return { agentId: scope.agentId, userId: scope.userId || undefined };
  };
  return {
    add: async (scope, text) => {
      const target = scoped(scope);
      if (typeof text !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'text', 'a fact must be a string');
      const checked = checkFact(text, { maxChars: context.limits.factMaxChars });
      if (!checked.ok) {
        throw new InvalidInputError('INVALID_ARGUMENT', 'text', `not a storable fact (${checked.reason})`);
      }
      const saved = await saveFact(context, target, checked.text, { sessionKey: null, turnId: null });
      if (saved.added) {
        const fact = storedFact(target, saved, context.now());
        context.emit({ type: 'facts-added', sessionKey: null, scope: target, facts: [fact] });
      }
      return saved;
    },
    list: async (scope) => context.store.facts.list(scoped(scope)),
    search: async (scope, query, options = {}) => {
      const target = scoped(scope);
      if (typeof query !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'query', 'query must be a string');
      return (await searchFacts(context, target, query, options.limit ?? context.limits.factsTopK)) ?? [];
    },
    remove: async (id) => {
      open();
      if (!Number.isSafeInteger(id)) throw new InvalidInputError('INVALID_ARGUMENT', 'id', 'a fact id is an integer');
      return context.store.facts.remove(id);
    },
  };
}
