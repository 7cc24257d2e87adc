import { describe, expect, it } from 'vitest';
import { createMemoryStack, deriveSessionHandle, type MemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

async function turn(stack: MemoryStack, scope: Record<string, string>, text: string, reply = 'Sure.') {
  const prepared = await stack.prepare({ agentId: 'bot', ...scope, text });
  await stack.record(prepared, { text: reply });
  await stack.idle();
  return prepared;
}

describe('sessions of different users', () => {
  it('gives each user a private session when a turn names neither a channel nor a thread', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    await turn(stack, { userId: 'ana' }, 'Help me migrate our billing service to Postgres 16.');
    const bob = await turn(stack, { userId: 'bob' }, 'Help me write a haiku about autumn.');
    expect(bob.session.isNew).toBe(true);
    expect(bob.request.messages).toHaveLength(1);
    expect(JSON.stringify(bob.request)).not.toContain('billing');
    expect((await stack.session({ agentId: 'bot', userId: 'ana' })).pinned).toContain('billing');
    expect((await stack.session({ agentId: 'bot', userId: 'bob' })).pinned).toContain('haiku');
    // No user at all: the agent's own conversation, apart from every user's.
    const anonymous = await turn(stack, {}, 'Help me plan the release notes.');
    expect(anonymous.session.isNew).toBe(true);
    expect(
      new Set([bob.session.key, anonymous.session.key, deriveSessionHandle({ agentId: 'bot', userId: 'ana' }).key])
        .size,
    ).toBe(3);
    await stack.close();
  });

  it('shares a thread or a channel between everyone in it, by design', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    await turn(stack, { userId: 'ana', threadId: 't1' }, 'Help me migrate our billing service to Postgres 16.');
    const bob = await turn(stack, { userId: 'bob', threadId: 't1' }, 'What is the plan so far?');
    expect(bob.session.isNew).toBe(false);
    expect(bob.pinned).toContain('billing');
    await stack.close();
  });

  it("keeps a user's personal facts out of a session others speak in, unless the caller opts in", async () => {
    for (const sharedSessionFactsTopK of [0, 2]) {
      const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), limits: { sharedSessionFactsTopK } });
      const ana = { agentId: 'bot', userId: 'ana' };
      await stack.facts.add(ana, 'Ana is allergic to peanuts');
      await stack.facts.add(ana, 'Ana lives in Lisbon');
      // Alone in her thread, her facts are hers to see.
      const alone = await turn(stack, { userId: 'ana', threadId: 't' }, 'Any peanuts in the Lisbon lunch menu?');
      expect(alone.facts.map((fact) => fact.text).sort()).toEqual([
        'Ana is allergic to peanuts',
        'Ana lives in Lisbon',
      ]);
      await turn(stack, { userId: 'bob', threadId: 't' }, 'I will order lunch for the team.');
      // Bob has spoken: the thread is shared, and what the reply says reaches him.
      const shared = await turn(stack, { userId: 'ana', threadId: 't' }, 'Any peanuts in the Lisbon lunch menu?');
      expect(shared.facts).toHaveLength(sharedSessionFactsTopK);
      expect(JSON.stringify(shared.request).includes('peanuts in the Lisbon')).toBe(true);
      expect(JSON.stringify(shared.request.messages.at(-1)).includes('allergic')).toBe(sharedSessionFactsTopK > 0);
      // Her first message in a thread someone else started is already a shared one.
      await turn(stack, { userId: 'bob', threadId: 'bobs' }, 'Lunch plans for Friday, anyone?');
      const joining = await turn(stack, { userId: 'ana', threadId: 'bobs' }, 'Any peanuts in the Lisbon lunch menu?');
      expect(joining.facts).toHaveLength(sharedSessionFactsTopK);
      // In her private session she sees them all.
      const own = await turn(stack, { userId: 'ana' }, 'Any peanuts in the Lisbon lunch menu?');
      expect(own.facts).toHaveLength(2);
      await stack.close();
    }
  });
});
