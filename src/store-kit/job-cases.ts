import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, type TestContext } from 'vitest';
import type { ClaimedJob, ExtractJob, JobStore } from '../store-kit.js';
import { type ContractHarness, type ContractOptions, exchange } from './contract-fixtures.js';

/**
 * The lease and the attempts the cases claim with. A queue that sets them per queue rather than per claim (a broker's)
 * must be configured with these for the cases.
 */
export const JOB_CASE_LEASE_MS = 1000;
export const JOB_CASE_MAX_ATTEMPTS = 2;

/** What the job cases need of a durable queue, with a whole store around it or alone. */
export interface JobCasesSubject {
  /** The queue of the running test (a fresh, empty one each); undefined: the store keeps none (skipped). */
  jobs(): JobStore | undefined;
  /** Writes an exchange of this session with its extraction job, in one write, as `appendExchange` does. */
  appendExchange(sessionKey: string): Promise<{ userTurnId: number; assistantTurnId: number }>;
  /** Forgets the session: its jobs go, whatever their state. */
  forget(sessionKey: string): Promise<void>;
  /** Session keys whose jobs never wait for each other's (with a queue of shared lanes: keys in distinct lanes). */
  independentSessions(count: number): string[];
}

/** The durable job queue of a store, an optional capability: skipped, not passed, for a store without it. */
export function jobCases(harness: ContractHarness, options: ContractOptions = {}): void {
  durableJobCases({
    jobs: () => harness.store.jobs,
    appendExchange: (sessionKey) =>
      harness.store.sessions.appendExchange(
        exchange(sessionKey, 'migrate the app', 'ok', { extraction: { previousTurnId: null } }),
      ),
    // The fixtures' exchanges are all alice's.
    forget: async (_sessionKey) => {
      await harness.store.forget({ agentId: 'bot', userId: 'alice' });
    },
    independentSessions:
      options.independentSessions ?? ((count) => Array.from({ length: count }, (_, index) => `s${index + 1}`)),
  });
}

/**
 * What every durable queue must do, on the wall clock (a broker may read its own): a store's queue, or a queue
 * tested alone. What only a simulated clock can check (exact lease and retry boundaries) is each adapter's own test.
 */
export function durableJobCases(subject: JobCasesSubject): void {
  describe('jobs', () => {
    const extract = (sessionKey: string, turn: number): ExtractJob => ({
      kind: 'extract',
      sessionKey,
      previousTurnId: null,
      userTurnId: turn,
      throughTurnId: turn + 1,
    });
    const lease = (worker: string) => ({
      worker,
      leaseMs: JOB_CASE_LEASE_MS,
      maxAttempts: JOB_CASE_MAX_ATTEMPTS,
      at: new Date(),
    });
    const jobsOf = (context: TestContext): JobStore => {
      const jobs = subject.jobs();
      if (jobs === undefined) context.skip('this store keeps no jobs (an optional capability)');
      return jobs as JobStore;
    };
    const now = () => ({ at: new Date() });
    /** Claims until a job comes (a lease to expire, a retry to be due) or `ms` pass. */
    const claimWithin = async (jobs: JobStore, worker: string, ms: number): Promise<ClaimedJob | null> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const claimed = await jobs.claim(lease(worker));
        if (claimed || Date.now() > deadline) return claimed;
        await sleep(100);
      }
    };

    it('gives a job to one worker at a time, as it was enqueued, and finishes it when completed', async (context) => {
      const jobs = jobsOf(context);
      const id = await jobs.enqueue(extract('s1', 1), now());
      expect(await jobs.claim(lease('a'))).toEqual({ id, job: extract('s1', 1), attempts: 1 });
      expect(await jobs.claim(lease('b'))).toBeNull();
      expect(await jobs.complete(id, 'b')).toBe(false);
      expect(await jobs.complete(id, 'a')).toBe(true);
      expect(await jobs.claim(lease('b'))).toBeNull();
      expect(await jobs.failed({ limit: 10 })).toEqual([]);
    });

    it('lists jobs by state, newest first: queued, running (leased), done (kept) and failed with its error', async (context) => {
      const jobs = jobsOf(context);
      const [s1, s2, s3, s4, s5] = subject.independentSessions(5) as [string, string, string, string, string];
      const inAnHour = () => ({ at: new Date(Date.now() + 3_600_000) });
      const later = await jobs.enqueue(extract(s1, 1), inAnHour());
      // Claimed as soon as enqueued: which of several due jobs a queue gives first is its own affair.
      const held = await jobs.enqueue(extract(s2, 3), now());
      expect((await jobs.claim(lease('a')))?.id).toBe(held);
      const finished = await jobs.enqueue(extract(s3, 5), now());
      expect((await jobs.claim(lease('b')))?.id).toBe(finished);
      expect(await jobs.complete(finished, 'b')).toBe(true);
      const broken = await jobs.enqueue(extract(s4, 7), now());
      expect((await jobs.claim(lease('c')))?.id).toBe(broken);
      expect(await jobs.fail(broken, 'c', { error: 'boom', retryAt: null })).toBe(true);
      const ids = async (state: 'queued' | 'running' | 'done' | 'failed') =>
        (await jobs.list({ state, limit: 10 })).map((job) => job.id);
      expect(await ids('queued')).toEqual([later]);
      expect(await ids('running')).toEqual([held]);
      expect(await ids('done')).toEqual([finished]);
      expect(await ids('failed')).toEqual([broken]);
      const [done] = await jobs.list({ state: 'done', limit: 10 });
      expect(done).toMatchObject({ job: extract(s3, 5), state: 'done', attempts: 1, error: null });
      expect(done?.finishedAt).toBeInstanceOf(Date);
      expect(done?.createdAt).toBeInstanceOf(Date);
      const [failed] = await jobs.list({ state: 'failed', limit: 10 });
      expect(failed).toMatchObject({ state: 'failed', error: 'boom' });
      // A running job's runAt is when its lease ends; a queued one's, when it is due.
      expect((await jobs.list({ state: 'running', limit: 10 }))[0]?.runAt.getTime()).toBeGreaterThan(Date.now() - 500);
      expect((await jobs.list({ state: 'queued', limit: 10 }))[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
      // Newest first, and no more than asked.
      await jobs.enqueue(extract(s5, 9), inAnHour());
      expect((await jobs.list({ state: 'queued', limit: 1 })).map((job) => job.job)).toEqual([extract(s5, 9)]);
    });

    it("runs one session's jobs in order, and other sessions' meanwhile", async (context) => {
      const jobs = jobsOf(context);
      const [s1, s2] = subject.independentSessions(2) as [string, string];
      const first = await jobs.enqueue(extract(s1, 1), now());
      await jobs.enqueue(extract(s1, 3), now());
      expect((await jobs.claim(lease('a')))?.id).toBe(first);
      const other = await jobs.enqueue(extract(s2, 5), now());
      const purge = await jobs.enqueue({ kind: 'purge' }, now());
      // The second job of s1 waits for the first, wherever it runs; the others do not.
      const meanwhile = [await jobs.claim(lease('b')), await jobs.claim(lease('b'))];
      expect(meanwhile.map((claimed) => claimed?.id).sort()).toEqual([other, purge].sort());
      expect(await jobs.claim(lease('b'))).toBeNull();
      await jobs.complete(first, 'a');
      expect((await jobs.claim(lease('b')))?.job).toEqual(extract(s1, 3));
    });

    it('gives a job whose lease expired to another worker, and refuses the first one its completion', async (context) => {
      const jobs = jobsOf(context);
      const id = await jobs.enqueue(extract('s1', 1), now());
      await jobs.claim(lease('a'));
      expect(await jobs.claim(lease('b'))).toBeNull();
      expect(await claimWithin(jobs, 'b', 8000)).toMatchObject({ id, attempts: 2 });
      expect(await jobs.complete(id, 'a')).toBe(false);
      expect(await jobs.fail(id, 'a', { error: 'late', retryAt: null })).toBe(false);
      expect(await jobs.complete(id, 'b')).toBe(true);
    }, 10_000);

    it('retries a failed job when it is due, then keeps it with its error', async (context) => {
      const jobs = jobsOf(context);
      const id = await jobs.enqueue(extract('s1', 1), now());
      await jobs.claim(lease('a'));
      expect(await jobs.fail(id, 'a', { error: 'boom 1', retryAt: new Date(Date.now() + 500) })).toBe(true);
      expect(await jobs.claim(lease('a'))).toBeNull();
      expect(await claimWithin(jobs, 'a', 5000)).toMatchObject({ id, attempts: 2 });
      expect(await jobs.fail(id, 'a', { error: 'boom 2', retryAt: null })).toBe(true);
      expect(await jobs.claim(lease('a'))).toBeNull();
      expect(await jobs.failed({ limit: 10 })).toEqual([{ id, job: extract('s1', 1), attempts: 2, error: 'boom 2' }]);
      // A failed job does not hold its session's later jobs back.
      const next = await jobs.enqueue(extract('s1', 3), now());
      expect((await jobs.claim(lease('a')))?.id).toBe(next);
    }, 10_000);

    it('fails a job whose lease expired on every attempt, instead of giving it out again', async (context) => {
      const jobs = jobsOf(context);
      const id = await jobs.enqueue(extract('s1', 1), now());
      // Claimed, never completed (its worker dies), until the queue gives it up.
      const deadline = Date.now() + 9000;
      while ((await jobs.failed({ limit: 10 })).length === 0 && Date.now() < deadline) {
        await jobs.claim(lease('a'));
        await sleep(100);
      }
      expect((await jobs.failed({ limit: 10 }))[0]).toMatchObject({ id, attempts: JOB_CASE_MAX_ATTEMPTS });
      expect(await jobs.claim(lease('a'))).toBeNull();
    }, 12_000);

    it("enqueues an exchange's extraction job in the same write as the exchange", async (context) => {
      const jobs = jobsOf(context);
      const ids = await subject.appendExchange('s1');
      const claimed = await claimWithin(jobs, 'a', 1000);
      expect(claimed?.job).toEqual({
        kind: 'extract',
        sessionKey: 's1',
        previousTurnId: null,
        userTurnId: ids.userTurnId,
        throughTurnId: ids.assistantTurnId,
      });
    });

    it('drops the jobs of a forgotten session, failed ones included', async (context) => {
      const jobs = jobsOf(context);
      await subject.appendExchange('s1');
      const claimed = await claimWithin(jobs, 'a', 1000);
      if (!claimed) throw new Error('the exchange had no job');
      await jobs.fail(claimed.id, 'a', { error: 'boom', retryAt: null });
      await subject.forget('s1');
      expect(await jobs.failed({ limit: 10 })).toEqual([]);
    });
  });
}
