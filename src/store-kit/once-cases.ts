import { describe, expect, it } from 'vitest';
import type { ExchangeOnce, ExchangeWrite } from '../store-kit.js';
import { alice, type ContractHarness, exchange, fact } from './contract-fixtures.js';

/** A `since` no exchange reaches: only `afterTurnId` makes a copy. */
const NEVER = new Date('9999-12-31T00:00:00Z');
const ALWAYS = new Date(0);

/**
 * `ExchangeWrite.once` (decision 26): copies of one request are stored once, decided in the write, where copies sent
 * at the same time meet; anything else is a turn of its own.
 */
export function onceCases(harness: ContractHarness): void {
  describe('a request stored once (ExchangeWrite.once)', () => {
    const copy = (key: string, once: ExchangeOnce, extra: Partial<ExchangeWrite> = {}): ExchangeWrite =>
      exchange(key, 'continue', 'Here is more.', {
        once,
        extraction: { previousTurnId: null },
        ...extra,
      }) as ExchangeWrite;
    const append = (write: ExchangeWrite) => harness.store.sessions.appendExchange(write);
    const turnsOf = async (key: string) =>
      ((await harness.store.sessions.read(key))?.turns ?? []).map((turn) => `${turn.userId}: ${turn.text}`);
    const queuedJobs = async () => (await harness.store.jobs?.list({ state: 'queued', limit: 100 }))?.length;

    it("keeps the request's key with the user turn, read back with the session", async () => {
      await append(copy('s1', { key: 'k1', afterTurnId: 0, since: NEVER }));
      await append(exchange('s1', 'thanks', 'You are welcome.') as ExchangeWrite);
      const turns = (await harness.store.sessions.read('s1'))?.turns ?? [];
      expect(turns.map((turn) => turn.requestKey)).toEqual(['k1', undefined, undefined, undefined]);
    });

    it('a copy of a request stored since the turn read the session: nothing written (no turn, no job, no bump)', async () => {
      const { id: factId } = await harness.insertFact(alice, fact('User writes release notes'));
      const before = await append(exchange('s1', 'write the notes', 'Done.') as ExchangeWrite);
      const once = { key: 'k1', afterTurnId: before.assistantTurnId, since: NEVER };
      const first = await append(copy('s1', once, { injectedFactIds: [factId] }));
      expect(first.alreadyStored ?? false).toBe(false);
      const jobs = await queuedJobs();
      const second = await append(copy('s1', once, { injectedFactIds: [factId] }));
      expect(second).toEqual({ ...first, alreadyStored: true });
      expect(await turnsOf('s1')).toEqual([
        'alice: write the notes',
        'alice: Done.',
        'alice: continue',
        'alice: Here is more.',
      ]);
      expect(await queuedJobs()).toBe(jobs);
      expect((await harness.store.facts.list(alice))[0]?.accessCount).toBe(1);
    });

    it('a request stored before the turn read the session is a copy when stored at or after `since` (a retry)', async () => {
      const write = copy('s1', { key: 'k1', afterTurnId: 0, since: NEVER });
      const first = await append(write);
      const read = first.assistantTurnId;
      expect(await append(copy('s1', { key: 'k1', afterTurnId: read, since: write.at }))).toEqual({
        ...first,
        alreadyStored: true,
      });
      const later = new Date(write.at.getTime() + 1);
      expect((await append(copy('s1', { key: 'k1', afterTurnId: read, since: later }))).alreadyStored ?? false).toBe(
        false,
      );
      expect(await turnsOf('s1')).toHaveLength(4);
    });

    it('stores as a turn of its own: another key, or the same key in another session', async () => {
      await append(copy('s1', { key: 'k1', afterTurnId: 0, since: NEVER }));
      const stored = [
        await append(copy('s1', { key: 'k2', afterTurnId: 0, since: ALWAYS })),
        await append(copy('s2', { key: 'k1', afterTurnId: 0, since: ALWAYS })),
        // A key is compared whole, as stored.
        await append(copy('s1', { key: 'K1', afterTurnId: 0, since: ALWAYS })),
        await append(copy('s1', { key: 'k1 ', afterTurnId: 0, since: ALWAYS })),
      ];
      for (const ids of stored) expect(ids.alreadyStored ?? false).toBe(false);
      expect(await turnsOf('s1')).toHaveLength(8);
      expect(await turnsOf('s2')).toHaveLength(2);
    });

    it('stores one of N copies written at the same time, and gives every copy its ids', async () => {
      for (const key of ['new-session', 's1']) {
        const before = key === 's1' ? await append(exchange(key, 'hello', 'hi') as ExchangeWrite) : null;
        const once = { key: `k-${key}`, afterTurnId: before?.assistantTurnId ?? 0, since: NEVER };
        const results = await Promise.all(Array.from({ length: 8 }, () => append(copy(key, once))));
        const stored = results.filter((ids) => ids.alreadyStored !== true);
        expect(stored).toHaveLength(1);
        for (const ids of results) {
          expect({ userTurnId: ids.userTurnId, assistantTurnId: ids.assistantTurnId }).toEqual({
            userTurnId: stored[0]?.userTurnId,
            assistantTurnId: stored[0]?.assistantTurnId,
          });
        }
        expect((await turnsOf(key)).filter((turn) => turn === 'alice: continue')).toHaveLength(1);
      }
    });

    it('stores every copy without it, as a store written before it would', async () => {
      const { once: _once, ...plain } = copy('s1', { key: 'k1', afterTurnId: 0, since: ALWAYS });
      await append(plain);
      await append(plain);
      expect(await turnsOf('s1')).toHaveLength(4);
    });
  });
}
