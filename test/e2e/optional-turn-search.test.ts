import { describe, expect, it } from 'vitest';
import { ConfigError, createMemoryStack, type MemoryStore } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { runMemoryStoreContract } from '../../src/store-kit/contract.js';

/** A real store that lacks the optional turn-search capability (as a store of your own may). */
function withoutTurnSearch(store: MemoryStore): MemoryStore {
  return {
    specificationVersion: store.specificationVersion,
    name: 'sqlite-without-turn-search',
    sessions: store.sessions,
    facts: store.facts,
    forget: (scope) => store.forget(scope),
    close: () => store.close(),
  };
}

// Its turn-search cases are reported as skipped, not passed.
runMemoryStoreContract('a store without turn search', () => withoutTurnSearch(sqliteStore({ path: ':memory:' })));

describe('a store without turn search', () => {
  it('serves every turn, and says plainly what it cannot do', async () => {
    const store = withoutTurnSearch(sqliteStore({ path: ':memory:' }));
    expect(() => createMemoryStack({ store, limits: { turnRecall: 2 } })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIG' }),
    );
    const stack = createMemoryStack({ store });
    const prepared = await stack.prepare({ agentId: 'bot', userId: 'ana', text: 'Deploy the billing service today' });
    await stack.record(prepared, { text: 'Deployed.' });
    await stack.idle();
    expect((await stack.session({ agentId: 'bot', userId: 'ana' })).turns).toHaveLength(2);
    const refused = await stack.searchTurns({ agentId: 'bot', userId: 'ana' }, 'billing').catch((error) => error);
    expect(ConfigError.isInstance(refused)).toBe(true);
    expect(refused.code).toBe('NOT_SUPPORTED');
    await stack.close();
  });
});
