import { describe, expect, it } from 'vitest';
import { alice, type ContractHarness, exchange, fact } from './contract-fixtures.js';

/** The extraction cursor, and the version checks that make background writes safe with several workers. */
export function cursorCases(harness: ContractHarness): void {
  describe('extraction cursor', () => {
    const pin = (task: string) => ({ task, taskUserId: 'alice', clarifications: [] });

    it('moves the cursor only from the value it was read at, and with the pin in one write', async () => {
      const { sessions } = harness.store;
      const ids = await sessions.appendExchange(exchange('s1', 'migrate the app', 'ok'));
      const read = (await sessions.read('s1'))?.session;
      expect(read?.extractedThroughTurnId).toBe(0);
      const cursor = { throughTurnId: ids.assistantTurnId, expectedThroughTurnId: 0 };
      expect(await sessions.update('s1', { cursor, pin: { value: pin('migrate'), expectedPinVersion: 0 } })).toBe(true);
      expect((await sessions.read('s1'))?.session).toMatchObject({
        extractedThroughTurnId: ids.assistantTurnId,
        pin: { task: 'migrate' },
        pinVersion: 1,
      });
      // A second worker on the same exchange read the cursor at 0: nothing of its patch is written.
      expect(await sessions.update('s1', { cursor, pin: { value: pin('other'), expectedPinVersion: 1 } })).toBe(false);
      expect((await sessions.read('s1'))?.session).toMatchObject({
        extractedThroughTurnId: ids.assistantTurnId,
        pin: { task: 'migrate' },
        pinVersion: 1,
      });
    });

    it('refuses a cursor move whose pin was computed from a stale version, cursor included', async () => {
      const { sessions } = harness.store;
      const ids = await sessions.appendExchange(exchange('s1', 'migrate the app', 'ok'));
      expect(await sessions.update('s1', { pin: { value: pin('first'), expectedPinVersion: 0 } })).toBe(true);
      const cursor = { throughTurnId: ids.assistantTurnId, expectedThroughTurnId: 0 };
      expect(await sessions.update('s1', { cursor, pin: { value: pin('stale'), expectedPinVersion: 0 } })).toBe(false);
      expect((await sessions.read('s1'))?.session).toMatchObject({ extractedThroughTurnId: 0, pin: { task: 'first' } });
      expect(await sessions.update('s1', { cursor })).toBe(true);
      expect((await sessions.read('s1'))?.session.extractedThroughTurnId).toBe(ids.assistantTurnId);
    });

    it('writes an extraction whole (facts, touches, supersedes, pin, cursor) or, on a stale condition, not at all', async () => {
      const { sessions, facts } = harness.store;
      const ids = await sessions.appendExchange(exchange('s1', 'I moved to Berlin, we use pnpm', 'ok'));
      const old = await facts.insert(alice, fact('User lives in Paris'));
      const known = await facts.insert(alice, fact('User uses pnpm'));
      if (!old || !known) throw new Error('the contract fixture could not store its facts');
      const cursor = { throughTurnId: ids.assistantTurnId, expectedThroughTurnId: 0 };
      const write = {
        cursor,
        pin: { value: pin('move'), expectedPinVersion: 0 },
        scope: alice,
        facts: [
          fact('User moved to Berlin', { sourceTurnId: ids.userTurnId }),
          fact('User uses pnpm'),
          fact('User works remotely', { sourceTurnId: ids.userTurnId }),
        ],
        touch: [known.id],
        supersede: [
          { id: old.id, byFact: 0 },
          { id: old.id + 1000, byFact: 'newest' as const },
        ],
        at: new Date('2026-02-01T00:00:00Z'),
      };
      // A stale pin version: nothing of it is written, facts included.
      expect(
        await sessions.commitExtraction('s1', { ...write, pin: { value: pin('move'), expectedPinVersion: 7 } }),
      ).toBe(null);
      expect((await facts.list(alice)).map((item) => item.text)).toEqual(['User lives in Paris', 'User uses pnpm']);
      expect((await sessions.read('s1'))?.session.extractedThroughTurnId).toBe(0);

      const written = await sessions.commitExtraction('s1', write);
      expect(written?.facts.map((item) => item?.inserted)).toEqual([true, false, true]);
      expect(written?.facts[1]?.id).toBe(known.id);
      expect(written?.superseded).toEqual([{ id: old.id, byId: written?.facts[0]?.id }]);
      expect((await facts.list(alice)).map((item) => item.text).sort()).toEqual([
        'User moved to Berlin',
        'User uses pnpm',
        'User works remotely',
      ]);
      // The known fact was bumped twice: once as a near-duplicate, once as the same hash.
      expect((await facts.list(alice)).find((item) => item.id === known.id)?.accessCount).toBe(2);
      expect((await sessions.read('s1'))?.session).toMatchObject({
        extractedThroughTurnId: ids.assistantTurnId,
        pin: { task: 'move' },
      });
      // Run again (a second worker, a rerun after a crash): the cursor moved, nothing is written twice.
      expect(await sessions.commitExtraction('s1', write)).toBe(null);
      expect(await facts.list(alice)).toHaveLength(3);
    });
  });
}
