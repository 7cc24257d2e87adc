import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../../../test/support/test-postgres.js';
import type { ExtractJob } from '../../spec/job-queue.js';
import type { ClaimedJob } from '../../spec/job-store.js';
import { laneOf } from './lane-of.js';
import { type PgBossJobsOptions, pgBossJobs } from './pg-boss-jobs.js';
import type { PostgresJobs } from './postgres-jobs.js';

const LANES = 4;
const extract = (sessionKey: string, turn: number): ExtractJob => ({
  kind: 'extract',
  sessionKey,
  previousTurnId: null,
  userTurnId: turn,
  throughTurnId: turn + 1,
});
/** Session keys in distinct lanes, so that one's busy lane never holds another back. */
const keysInDistinctLanes = (count: number): string[] => {
  const keys: string[] = [];
  const lanes = new Set<number>();
  for (let index = 0; keys.length < count; index += 1) {
    const key = `session-${index}`;
    if (lanes.has(laneOf(key, LANES))) continue;
    lanes.add(laneOf(key, LANES));
    keys.push(key);
  }
  return keys;
};
const claimOptions = (worker: string) => ({ worker, leaseMs: 1000, maxAttempts: 3, at: new Date() });
/** Claims until a job comes or `ms` pass. */
async function claimWithin(jobs: PostgresJobs, worker: string, ms: number): Promise<ClaimedJob | null> {
  const deadline = Date.now() + ms;
  for (;;) {
    const claimed = await jobs.claim(claimOptions(worker));
    if (claimed || Date.now() > deadline) return claimed;
    await sleep(100);
  }
}

describe.skipIf(!TEST_POSTGRES_URL)(TEST_POSTGRES_URL ? 'pgBossJobs' : `pgBossJobs: skipped, ${NO_POSTGRES}`, () => {
  let pool: pg.Pool;
  const schemas: string[] = [];
  const started: PostgresJobs[] = [];
  const open = async (options: Partial<PgBossJobsOptions> = {}): Promise<PostgresJobs> => {
    const schema = uniqueSchema('jobs');
    schemas.push(`${schema}_jobs`);
    const jobs = pgBossJobs({ pool, schema, lanes: LANES, leaseMs: 1000, maintenanceIntervalSeconds: 1, ...options });
    await jobs.start();
    started.push(jobs);
    return jobs;
  };

  beforeAll(() => {
    pool = new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 8 });
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await pool?.end();
    await dropSchemas(...schemas);
  });

  it("runs one session's jobs one at a time and in order under 4 concurrent claimers, each exactly once", async () => {
    const jobs = await open({ leaseMs: 60_000 });
    const sessions = keysInDistinctLanes(3);
    for (let turn = 1; turn <= 9; turn += 2) {
      for (const session of sessions) await jobs.enqueue(extract(session, turn), { at: new Date() });
    }
    const running = new Map<string, number>();
    const order = new Map<string, number[]>(sessions.map((session) => [session, []]));
    let overlaps = 0;
    let completions = 0;
    const claimer = async (worker: string) => {
      const deadline = Date.now() + 10_000;
      while (completions < 15 && Date.now() < deadline) {
        const claimed = await jobs.claim(claimOptions(worker));
        if (claimed?.job.kind !== 'extract') {
          await sleep(20);
          continue;
        }
        const { sessionKey, userTurnId } = claimed.job;
        if (running.has(sessionKey)) overlaps += 1;
        running.set(sessionKey, userTurnId);
        order.get(sessionKey)?.push(userTurnId);
        await sleep(20);
        running.delete(sessionKey);
        if (await jobs.complete(claimed.id, worker)) completions += 1;
      }
    };
    await Promise.all(['a', 'b', 'c', 'd'].map(claimer));
    expect(overlaps).toBe(0);
    expect(completions).toBe(15);
    for (const session of sessions) expect(order.get(session)).toEqual([1, 3, 5, 7, 9]);
    expect(await jobs.list({ state: 'done', limit: 100 })).toHaveLength(15);
  });

  it("holds a session's later job while its first runs, and serves sessions of other lanes meanwhile", async () => {
    const jobs = await open({ leaseMs: 60_000 });
    const [s1, s2] = keysInDistinctLanes(2) as [string, string];
    const first = await jobs.enqueue(extract(s1, 1), { at: new Date() });
    await jobs.enqueue(extract(s1, 3), { at: new Date() });
    // Lanes are tried from a random one: the oldest job of all is not always claimed first.
    expect((await jobs.claim(claimOptions('a')))?.id).toBe(first);
    const other = await jobs.enqueue(extract(s2, 5), { at: new Date() });
    const purge = await jobs.enqueue({ kind: 'purge' }, { at: new Date() });
    const meanwhile = [await jobs.claim(claimOptions('b')), await jobs.claim(claimOptions('b'))];
    expect(meanwhile.map((claimed) => claimed?.id).sort()).toEqual([other, purge].sort());
    expect(await jobs.claim(claimOptions('b'))).toBeNull();
    expect(await jobs.complete(first, 'a')).toBe(true);
    expect((await jobs.claim(claimOptions('b')))?.job).toEqual(extract(s1, 3));
  });

  it('gives a job whose lease expired to another worker (pg-boss maintenance), refusing the first its completion', async () => {
    const jobs = await open();
    const id = await jobs.enqueue(extract('s1', 1), { at: new Date() });
    expect(await jobs.claim(claimOptions('a'))).toMatchObject({ id, attempts: 1 });
    expect(await jobs.claim(claimOptions('b'))).toBeNull();
    // A 1 s lease, maintenance every second, then the first retry's delay (1-2 s).
    expect(await claimWithin(jobs, 'b', 8000)).toMatchObject({ id, attempts: 2 });
    expect(await jobs.complete(id, 'a')).toBe(false);
    expect(await jobs.fail(id, 'a', { error: 'late', retryAt: null })).toBe(false);
    expect(await jobs.complete(id, 'b')).toBe(true);
    expect((await jobs.list({ state: 'done', limit: 10 })).map((job) => job.id)).toEqual([id]);
  }, 15_000);

  it('retries a failed job after a backoff, then keeps it as failed with its error when its attempts are spent', async () => {
    const jobs = await open({ maxAttempts: 2, leaseMs: 60_000 });
    const id = await jobs.enqueue(extract('s1', 1), { at: new Date() });
    await jobs.claim(claimOptions('a'));
    const failedAt = Date.now();
    expect(await jobs.fail(id, 'a', { error: 'boom 1', retryAt: new Date() })).toBe(true);
    expect(await jobs.list({ state: 'queued', limit: 10 })).toMatchObject([{ id, error: 'boom 1', attempts: 1 }]);
    expect(await jobs.claim(claimOptions('a'))).toBeNull();
    expect(await claimWithin(jobs, 'a', 5000)).toMatchObject({ id, attempts: 2 });
    // pg-boss's delay, not the caller's retryAt: 1 s at least (1-2 s with its jitter).
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(900);
    // The last attempt: failed, whatever retryAt says.
    expect(await jobs.fail(id, 'a', { error: 'boom 2', retryAt: new Date() })).toBe(true);
    expect(await jobs.claim(claimOptions('a'))).toBeNull();
    expect(await jobs.failed({ limit: 10 })).toEqual([{ id, job: extract('s1', 1), attempts: 2, error: 'boom 2' }]);
  }, 10_000);

  it("enqueues in the caller's transaction: rolled back with it, committed with it", async () => {
    const jobs = await open();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await jobs.enqueueWith(client, extract('s1', 1), new Date());
      await client.query('ROLLBACK');
      expect(await jobs.list({ state: 'queued', limit: 10 })).toEqual([]);
      await client.query('BEGIN');
      const id = await jobs.enqueueWith(client, extract('s1', 3), new Date());
      // Not seen by the queue before the commit.
      expect(await jobs.claim(claimOptions('a'))).toBeNull();
      await client.query('COMMIT');
      expect(await jobs.claim(claimOptions('a'))).toMatchObject({ id, job: extract('s1', 3) });
    } finally {
      client.release();
    }
  });

  it("drops a session's jobs in the caller's transaction, whatever their state", async () => {
    const jobs = await open({ maxAttempts: 1 });
    const [s1, s2] = keysInDistinctLanes(2) as [string, string];
    const failed = await jobs.enqueue(extract(s1, 1), { at: new Date() });
    await jobs.claim(claimOptions('a'));
    await jobs.fail(failed, 'a', { error: 'boom', retryAt: null });
    await jobs.enqueue(extract(s1, 3), { at: new Date() });
    const kept = await jobs.enqueue(extract(s2, 5), { at: new Date() });
    const client = await pool.connect();
    try {
      await jobs.dropSessions(client, [s1]);
    } finally {
      client.release();
    }
    expect(await jobs.failed({ limit: 10 })).toEqual([]);
    expect((await jobs.list({ state: 'queued', limit: 10 })).map((job) => job.id)).toEqual([kept]);
  });
});
