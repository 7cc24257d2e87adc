import { describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStore, StoreError } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

const scope = { agentId: 'bot', userId: 'ana', threadId: 't' };

/**
 * A real store whose session read waits until a fact search has begun (a hot path that waited for the read before
 * searching would never get there), and which can fail both.
 */
function watchedStore(fail: boolean): MemoryStore {
  const store = sqliteStore({ path: ':memory:' });
  // Searches begun, and the reads waiting for the next one.
  let searches = 0;
  const waiting = new Set<() => void>();
  const nextSearch = (): Promise<void> => {
    const seen = searches;
    return new Promise<void>((resolve) => {
      const check = () => {
        if (searches === seen) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
    });
  };
  return {
    ...store,
    sessions: {
      ...store.sessions,
      read: async (key, options) => {
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the fact search waited for the session read')), 20_000);
        });
        await Promise.race([nextSearch(), waited]).finally(() => clearTimeout(timer));
        if (fail) throw new StoreError('STORE_BUSY', 'cannot read a session: the connection dropped');
        return store.sessions.read(key, options);
      },
    },
    facts: {
      ...store.facts,
      search: async (factScope, query, options) => {
        searches += 1;
        for (const check of [...waiting]) check();
        if (fail) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new StoreError('STORE_BUSY', 'cannot search facts: the connection dropped');
        }
        return store.facts.search(factScope, query, options);
      },
    },
  };
}

describe("prepare's reads", () => {
  it('searches the facts beside the session read, and finds what a read in turn finds', async () => {
    const stack = createMemoryStack({ store: watchedStore(false) });
    await stack.facts.add({ agentId: 'bot', userId: 'ana' }, 'Ana deploys the billing service with Terraform');
    const prepared = await stack.prepare({ ...scope, text: 'How should I deploy the billing service?' });
    expect(prepared.facts.map((fact) => fact.text)).toEqual(['Ana deploys the billing service with Terraform']);
    await stack.close();
  }, 60_000);

  it("fails with the session read's error when both fail, and leaves no rejection unhandled", async () => {
    const stack = createMemoryStack({ store: watchedStore(true) });
    await expect(stack.prepare({ ...scope, text: 'How should I deploy the billing service?' })).rejects.toThrow(
      'cannot read a session: the connection dropped',
    );
    // The search's own failure settles after the read's: an unhandled rejection would fail this run.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stack.close();
  }, 60_000);
});
