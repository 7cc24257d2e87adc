import { describe, expect, it } from 'vitest';
import type { ExtractJob } from '../index.js';
import { type ContractHarness, exchange, jobsOf } from './contract-fixtures.js';

/** The durable job queue, an optional capability: skipped, not passed, for a store without it. */
export function jobCases(harness: ContractHarness): void {
  describe('jobs', () => {
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const time = (ms: number) => new Date(t0 + ms);
    const extract = (sessionKey: string, turn: number): ExtractJob => ({
      kind: 'extract',
      sessionKey,
      previousTurnId: null,
      userTurnId: turn,
      throughTurnId: turn + 1,
    });
    const lease = (worker: string, ms: number) => ({ worker, leaseMs: 1000, maxAttempts: 3, at: time(ms) });

    it('gives a job to one worker at a time, as it was enqueued, and finishes it when completed', async (context) => {
      const jobs = jobsOf(context, harness.store);
      const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
      const claimed = await jobs.claim(lease('a', 0));
      expect(claimed).toEqual({ id, job: extract('s1', 1), attempts: 1 });
      expect(await jobs.claim(lease('b', 10))).toBeNull();
      expect(await jobs.complete(id, 'b')).toBe(false);
      expect(await jobs.complete(id, 'a')).toBe(true);
      expect(await jobs.claim(lease('b', 2000))).toBeNull();
      expect(await jobs.failed({ limit: 10 })).toEqual([]);
    });

    it('lists jobs by state, newest first: queued, running (leased), done (kept) and failed with its error', async (context) => {
      const jobs = jobsOf(context, harness.store);
      // A worker's lease is measured on the wall clock, as a list reads it.
      const now = Date.now();
      const later = await jobs.enqueue(extract('s1', 1), { at: new Date(now + 3_600_000) });
      const held = await jobs.enqueue(extract('s2', 3), { at: new Date(now) });
      const finished = await jobs.enqueue(extract('s3', 5), { at: new Date(now) });
      const broken = await jobs.enqueue(extract('s4', 7), { at: new Date(now) });
      const wallLease = (worker: string) => ({ worker, leaseMs: 600_000, maxAttempts: 3, at: new Date(now) });
      expect((await jobs.claim(wallLease('a')))?.id).toBe(held);
      expect((await jobs.claim(wallLease('b')))?.id).toBe(finished);
      expect(await jobs.complete(finished, 'b')).toBe(true);
      expect((await jobs.claim(wallLease('c')))?.id).toBe(broken);
      expect(await jobs.fail(broken, 'c', { error: 'boom', retryAt: null })).toBe(true);
      const ids = async (state: 'queued' | 'running' | 'done' | 'failed') =>
        (await jobs.list({ state, limit: 10 })).map((job) => job.id);
      expect(await ids('queued')).toEqual([later]);
      expect(await ids('running')).toEqual([held]);
      expect(await ids('done')).toEqual([finished]);
      expect(await ids('failed')).toEqual([broken]);
      const [done] = await jobs.list({ state: 'done', limit: 10 });
      expect(done).toMatchObject({ job: extract('s3', 5), state: 'done', attempts: 1, error: null });
      expect(done?.finishedAt).toBeInstanceOf(Date);
      expect(done?.createdAt).toBeInstanceOf(Date);
      const [failed] = await jobs.list({ state: 'failed', limit: 10 });
      expect(failed).toMatchObject({ state: 'failed', error: 'boom' });
      expect((await jobs.list({ state: 'running', limit: 10 }))[0]?.runAt.getTime()).toBe(now + 600_000);
      // Newest first, and no more than asked.
      await jobs.enqueue(extract('s5', 9), { at: new Date(now + 3_600_000) });
      expect((await jobs.list({ state: 'queued', limit: 1 })).map((job) => job.job)).toEqual([extract('s5', 9)]);
      // A finished job is never claimed again.
      expect(await jobs.claim({ ...wallLease('d'), at: new Date(now + 700_000) })).toMatchObject({ id: held });
    });

    it("runs one session's jobs in order, and other sessions' meanwhile", async (context) => {
      const jobs = jobsOf(context, harness.store);
      const first = await jobs.enqueue(extract('s1', 1), { at: time(0) });
      await jobs.enqueue(extract('s1', 3), { at: time(0) });
      const other = await jobs.enqueue(extract('s2', 5), { at: time(0) });
      const purge = await jobs.enqueue({ kind: 'purge' }, { at: time(0) });
      expect((await jobs.claim(lease('a', 0)))?.id).toBe(first);
      // The second job of s1 waits for the first, wherever it runs.
      expect((await jobs.claim(lease('b', 0)))?.id).toBe(other);
      expect((await jobs.claim(lease('b', 0)))?.id).toBe(purge);
      expect(await jobs.claim(lease('b', 0))).toBeNull();
      await jobs.complete(first, 'a');
      expect((await jobs.claim(lease('b', 0)))?.job).toEqual(extract('s1', 3));
    });

    it('gives a job whose lease expired to another worker, and refuses the first one its completion', async (context) => {
      const jobs = jobsOf(context, harness.store);
      const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
      await jobs.claim(lease('a', 0));
      expect(await jobs.claim(lease('b', 999))).toBeNull();
      expect(await jobs.claim(lease('b', 1000))).toMatchObject({ id, attempts: 2 });
      expect(await jobs.complete(id, 'a')).toBe(false);
      expect(await jobs.fail(id, 'a', { error: 'late', retryAt: null })).toBe(false);
      expect(await jobs.complete(id, 'b')).toBe(true);
    });

    it('retries a failed job when it is due, then keeps it with its error', async (context) => {
      const jobs = jobsOf(context, harness.store);
      const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
      await jobs.claim(lease('a', 0));
      expect(await jobs.fail(id, 'a', { error: 'boom 1', retryAt: time(500) })).toBe(true);
      expect(await jobs.claim(lease('a', 499))).toBeNull();
      expect(await jobs.claim(lease('a', 500))).toMatchObject({ id, attempts: 2 });
      expect(await jobs.fail(id, 'a', { error: 'boom 2', retryAt: null })).toBe(true);
      expect(await jobs.claim(lease('a', 10_000))).toBeNull();
      expect(await jobs.failed({ limit: 10 })).toEqual([{ id, job: extract('s1', 1), attempts: 2, error: 'boom 2' }]);
      // A failed job does not hold its session's later jobs back.
      const next = await jobs.enqueue(extract('s1', 3), { at: time(0) });
      expect((await jobs.claim(lease('a', 10_000)))?.id).toBe(next);
    });

    it('fails a job whose lease expired on every attempt, instead of giving it out again', async (context) => {
      const jobs = jobsOf(context, harness.store);
      const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
      for (let attempt = 0; attempt < 3; attempt += 1) await jobs.claim(lease('a', attempt * 1000));
      expect(await jobs.claim(lease('a', 3000))).toBeNull();
      expect((await jobs.failed({ limit: 10 }))[0]).toMatchObject({ id, attempts: 3 });
    });

    it("enqueues an exchange's extraction job in the same write as the exchange", async (context) => {
      const jobs = jobsOf(context, harness.store);
      const ids = await harness.store.sessions.appendExchange(
        exchange('s1', 'migrate the app', 'ok', { extraction: { previousTurnId: null } }),
      );
      const claimed = await jobs.claim({ worker: 'a', leaseMs: 1000, maxAttempts: 3, at: new Date(Date.now() + 1) });
      expect(claimed?.job).toEqual({
        kind: 'extract',
        sessionKey: 's1',
        previousTurnId: null,
        userTurnId: ids.userTurnId,
        throughTurnId: ids.assistantTurnId,
      });
    });

    it('drops the jobs of a forgotten session, failed ones included', async (context) => {
      const jobs = jobsOf(context, harness.store);
      await harness.store.sessions.appendExchange(
        exchange('s1', 'hello', 'hi', { extraction: { previousTurnId: null } }),
      );
      const claimed = await jobs.claim({ worker: 'a', leaseMs: 1000, maxAttempts: 3, at: new Date(Date.now() + 1) });
      if (!claimed) throw new Error('the exchange had no job');
      await jobs.fail(claimed.id, 'a', { error: 'boom', retryAt: null });
      await harness.store.forget({ agentId: 'bot', userId: 'alice' });
      expect(await jobs.failed({ limit: 10 })).toEqual([]);
    });
  });
}
