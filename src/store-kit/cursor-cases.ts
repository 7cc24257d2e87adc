import { describe, expect, it } from 'vitest';
import { type ContractHarness, exchange } from './contract-fixtures.js';

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
  });
}
