import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../spec/errors/config-error.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import { sqliteStore } from '../stores/sqlite/sqlite-store.js';
import { createMemoryStack } from './create-memory-stack.js';
import { ITEM_MAX_BYTES } from './items-api.js';
import type { MemoryStack } from './memory-stack.js';

const stacks: MemoryStack[] = [];
const open = (store = sqliteStore({ path: ':memory:' })): MemoryStack => {
  const stack = createMemoryStack({ store });
  stacks.push(stack);
  return stack;
};
afterEach(async () => {
  await Promise.all(stacks.splice(0).map((stack) => stack.close()));
});

describe('stack.items', () => {
  it("keeps each user's private log apart, and a thread's apart from both", async () => {
    const stack = open();
    const alice = { agentId: 'bot', userId: 'alice' };
    const bob = { agentId: 'bot', userId: 'bob' };
    await stack.items.append(alice, [{ role: 'user', content: 'alice says' }]);
    await stack.items.append(bob, [{ role: 'user', content: 'bob says' }]);
    await stack.items.append({ ...alice, threadId: 't' }, [{ role: 'user', content: 'in the thread' }]);
    expect(await stack.items.list(alice)).toEqual([{ role: 'user', content: 'alice says' }]);
    expect(await stack.items.list(bob)).toEqual([{ role: 'user', content: 'bob says' }]);
    expect(await stack.items.pop(bob)).toEqual({ role: 'user', content: 'bob says' });
    expect(await stack.items.pop(bob)).toBeUndefined();
    expect(await stack.items.list(alice)).toHaveLength(1);
    expect(await stack.items.list({ agentId: 'bot', threadId: 't' })).toEqual([
      { role: 'user', content: 'in the thread' },
    ]);
  });

  it('refuses an item that is not a JSON object, or is too large, before writing anything', async () => {
    const stack = open();
    const scope = { agentId: 'bot', userId: 'alice' };
    const large = { content: 'x'.repeat(ITEM_MAX_BYTES) };
    for (const items of [
      [{ ok: 1 }, large],
      [{ ok: 1 }, 'text'],
      [{ ok: 1 }, { big: 1n }],
    ]) {
      const error = await stack.items.append(scope, items).catch((caught: unknown) => caught);
      expect(InvalidInputError.isInstance(error)).toBe(true);
    }
    const error = await stack.items.append(scope, [large]).catch((caught: unknown) => caught);
    expect(InvalidInputError.isInstance(error) && error.code).toBe('MESSAGE_TOO_LARGE');
    expect(await stack.items.list(scope)).toEqual([]);
    expect(await stack.items.list(scope, { limit: 1 })).toEqual([]);
  });

  it('fails with NOT_SUPPORTED on a store without an item log', async () => {
    const store = sqliteStore({ path: ':memory:' });
    const stack = open(Object.assign(Object.create(store) as typeof store, { items: undefined }));
    const error = await stack.items.list({ agentId: 'bot' }).catch((caught: unknown) => caught);
    expect(ConfigError.isInstance(error) && error.code).toBe('NOT_SUPPORTED');
    await store.close();
  });
});
