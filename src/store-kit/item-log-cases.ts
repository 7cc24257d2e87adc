import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../index.js';
import type { ItemLogOwner } from '../store-kit.js';
import { at, type ContractHarness, exchange, itemsOf } from './contract-fixtures.js';

const owner = (sessionKey: string, userId: string | null = 'alice', threadId: string | null = null): ItemLogOwner => ({
  sessionKey,
  agentId: 'bot',
  channelId: null,
  threadId,
  userId,
});
const limits = () => ({ maxItems: 100, at: at() });
const json = (value: unknown): string => JSON.stringify(value);

/** The item log (`ItemLog`): an agent framework's conversation per session, stored and returned as given. */
export function itemLogCases(harness: ContractHarness): void {
  describe('item log', () => {
    it('returns the items of a session in order, byte for byte, the last `limit` of them oldest first', async (context) => {
      const items = itemsOf(context, harness.store);
      const given = [
        json({ role: 'user', content: 'Plan the migration' }),
        json({ type: 'function_call', callId: 'call_1', name: 'lookup', arguments: '{"q":"é ✓ \\u0000"}' }),
        json({ type: 'function_call_result', callId: 'call_1', output: { type: 'text', text: 'found' } }),
        // Keys in an order a JSON column type could change, and characters outside the BMP.
        json({ z: 1, a: [3, 2, 1], role: 'assistant', content: [{ type: 'output_text', text: 'done 🚀' }] }),
      ];
      await items.append(owner('s1'), given.slice(0, 1), limits());
      await items.append(owner('s1'), given.slice(1), limits());
      await items.append(owner('s2'), [json({ role: 'user', content: 'other session' })], limits());
      expect((await items.list('s1')).map((item) => item.json)).toEqual(given);
      expect((await items.list('s1', { limit: 2 })).map((item) => item.json)).toEqual(given.slice(2));
      expect(await items.list('s1', { limit: 0 })).toEqual([]);
      const ids = (await items.list('s1')).map((item) => item.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(await items.list('nothing')).toEqual([]);
    });

    it('pops the last item, and nothing from an empty log', async (context) => {
      const items = itemsOf(context, harness.store);
      await items.append(owner('s1'), [json({ n: 1 }), json({ n: 2 })], limits());
      expect((await items.pop('s1'))?.json).toBe(json({ n: 2 }));
      expect((await items.pop('s1'))?.json).toBe(json({ n: 1 }));
      expect(await items.pop('s1')).toBeNull();
      await items.append(owner('s1'), [json({ n: 3 })], limits());
      expect((await items.list('s1')).map((item) => item.json)).toEqual([json({ n: 3 })]);
    });

    it('refuses an append past the log limit whole, with a typed error', async (context) => {
      const items = itemsOf(context, harness.store);
      await items.append(owner('s1'), [json({ n: 1 }), json({ n: 2 })], { maxItems: 3, at: at() });
      const error = await items
        .append(owner('s1'), [json({ n: 3 }), json({ n: 4 })], { maxItems: 3, at: at() })
        .catch((caught: unknown) => caught);
      expect(InvalidInputError.isInstance(error) && error.code).toBe('TOO_MANY_ITEMS');
      expect(await items.list('s1')).toHaveLength(2);
    });

    it('clears the log and starts the conversation over: no pin, no summary, no history; facts and turns kept', async (context) => {
      const items = itemsOf(context, harness.store);
      const { sessions } = harness.store;
      await sessions.appendExchange(exchange('s1', 'migrate the app', 'ok'));
      const pin = { task: 'migrate', taskUserId: 'alice', clarifications: [] };
      expect(await sessions.update('s1', { pin: { value: pin, expectedPinVersion: 0 } })).toBe(true);
      const fact = await harness.insertFact(
        { agentId: 'bot', userId: 'alice' },
        {
          text: 'alice uses Postgres',
          hash: 'h:alice uses postgres',
          sourceSessionKey: 's1',
          sourceTurnId: null,
          source: 'user',
          at: at(),
        },
      );
      await items.append(owner('s1'), [json({ n: 1 }), json({ n: 2 })], limits());
      await items.append(owner('s2'), [json({ n: 3 })], limits());
      const before = (await sessions.read('s1'))?.session;
      expect(await items.clear('s1', at())).toBe(2);
      expect(await items.list('s1')).toEqual([]);
      expect(await items.list('s2')).toHaveLength(1);
      const after = await sessions.read('s1');
      expect(after?.session).toMatchObject({ pin: null, summary: null, pinAttempts: 0, taskSourceTurnId: null });
      expect(after?.session.pinVersion).toBeGreaterThan(before?.pinVersion ?? 0);
      expect(after?.session.historyVersion).toBeGreaterThan(before?.historyVersion ?? 0);
      expect(after?.turns).toEqual([]);
      expect((await harness.store.facts.list({ agentId: 'bot', userId: 'alice' })).map((f) => f.id)).toEqual([fact.id]);
      // A session without turns has only its log to clear.
      expect(await items.clear('s2', at())).toBe(1);
    });

    it('is removed by forget: a user’s items, the thread’s, the agent’s; others’ kept', async (context) => {
      const items = itemsOf(context, harness.store);
      await items.append(owner('a-private', 'alice'), [json({ said: 'alice secret' })], limits());
      await items.append(owner('b-private', 'bob'), [json({ said: 'bob words' })], limits());
      await items.append(owner('t1', 'alice', 't1'), [json({ said: 'alice in t1' })], limits());
      await items.append(owner('t2', 'bob', 't2'), [json({ said: 'bob in t2' })], limits());
      const report = await harness.store.forget({ agentId: 'bot', userId: 'alice' });
      expect(report.items).toBe(2);
      expect(await items.list('a-private')).toEqual([]);
      expect(await items.list('t1')).toEqual([]);
      expect(await items.list('b-private')).toHaveLength(1);
      expect((await harness.store.forget({ agentId: 'bot', threadId: 't2' })).items).toBe(1);
      expect(await items.list('t2')).toEqual([]);
      expect(await items.list('b-private')).toHaveLength(1);
      await harness.store.forget({ agentId: 'bot' });
      expect(await items.list('b-private')).toEqual([]);
    });
  });
}
