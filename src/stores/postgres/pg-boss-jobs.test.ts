import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../../../test/support/test-postgres.js';
import type { ExtractJob } from '../../spec/job-queue.js';
import type { ClaimedJob } from '../../spec/job-store.js';
import { durableJobCases, JOB_CASE_LEASE_MS, JOB_CASE_MAX_ATTEMPTS } from '../../store-kit/job-cases.js';
import { keysInDistinctLanes as distinctLanes, laneOf } from './lane-of.js';
import { type PgBossJobsOptions, pgBossJobs } from './pg-boss-jobs.js';
import type { PostgresJobs } from './postgres-jobs.js';

const LANES = 8;
const extract = (sessionKey: string, turn: number): ExtractJob => ({
  kind: 'extract',
  sessionKey,
  previousTurnId: null,
  userTurnId: turn,
  throughTurnId: turn + 1,
});
/** Session keys in distinct lanes, so that one's busy lane never holds another back. */
const keysInDistinctLanes = (count: number): string[] => distinctLanes(count, LANES);
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
    const schema = options.schema ?? uniqueSchema('jobs');
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

  describe('the durable queue cases', () => {
    let current: { jobs: PostgresJobs; schema: string } | undefined;
    beforeEach(async () => {
      const jobs = await open({ leaseMs: JOB_CASE_LEASE_MS, maxAttempts: JOB_CASE_MAX_ATTEMPTS });
      const schema = (schemas.at(-1) as string).replace(/_jobs$/, '');
      schemas.push(schema);
      // The exchange's own rows, as the store would write them, to commit with the job.
      await pool.query(
        `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".turns (id serial PRIMARY KEY, session_key text)`,
      );
      current = { jobs, schema };
    });
    afterEach(async () => {
      await current?.jobs.stop();
    });
    const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    durableJobCases({
      jobs: () => current?.jobs,
      appendExchange: (sessionKey) =>
        inTransaction(async (client) => {
          const { rows } = await client.query<{ id: number }>(
            `INSERT INTO "${current?.schema}".turns (session_key) VALUES ($1), ($1) RETURNING id`,
            [sessionKey],
          );
          const [userTurnId, assistantTurnId] = rows.map((row) => row.id) as [number, number];
          const job = {
            kind: 'extract' as const,
            sessionKey,
            previousTurnId: null,
            userTurnId,
            throughTurnId: assistantTurnId,
          };
          await current?.jobs.enqueueWith(client, job, new Date());
          return { userTurnId, assistantTurnId };
        }),
      forget: (sessionKey) =>
        inTransaction(async (client) => {
          await client.query(`DELETE FROM "${current?.schema}".turns WHERE session_key = $1`, [sessionKey]);
          await current?.jobs.dropSessions(client, [sessionKey]);
        }),
      independentSessions: keysInDistinctLanes,
    });
  });

  it("runs one session's jobs one at a time and in order under 8 concurrent claimers, each exactly once", async () => {
    const jobs = await open({ leaseMs: 60_000 });
    const sessions = keysInDistinctLanes(3);
    const turns = Array.from({ length: 10 }, (_, index) => 2 * index + 1);
    for (const turn of turns) {
      for (const session of sessions) await jobs.enqueue(extract(session, turn), { at: new Date() });
    }
    const total = turns.length * sessions.length;
    const running = new Map<string, number>();
    const order = new Map<string, number[]>(sessions.map((session) => [session, []]));
    let overlaps = 0;
    let completions = 0;
    // Claimers polling hard, so that several fetch from a lane the moment its job completes (where SKIP LOCKED alone
    // would let one take the lane's second job while another holds the first).
    const claimer = async (worker: string) => {
      const deadline = Date.now() + 15_000;
      while (completions < total && Date.now() < deadline) {
        const claimed = await jobs.claim(claimOptions(worker));
        if (claimed?.job.kind !== 'extract') {
          await sleep(1);
          continue;
        }
        const { sessionKey, userTurnId } = claimed.job;
        if (running.has(sessionKey)) overlaps += 1;
        running.set(sessionKey, userTurnId);
        order.get(sessionKey)?.push(userTurnId);
        await sleep(2);
        running.delete(sessionKey);
        if (await jobs.complete(claimed.id, worker)) completions += 1;
      }
    };
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(claimer));
    expect(overlaps).toBe(0);
    expect(completions).toBe(total);
    for (const session of sessions) expect(order.get(session)).toEqual(turns);
    expect(await jobs.list({ state: 'done', limit: 100 })).toHaveLength(total);
  }, 20_000);

  it('runs one job at a time per lane: a busy lane holds the sessions hashed to it, and only those', async () => {
    const jobs = await open({ leaseMs: 60_000 });
    const [s1, other] = keysInDistinctLanes(2) as [string, string];
    let sameLane = 'x0';
    for (let index = 1; laneOf(sameLane, LANES) !== laneOf(s1, LANES) || sameLane === s1; index += 1) {
      sameLane = `x${index}`;
    }
    const first = await jobs.enqueue(extract(s1, 1), { at: new Date() });
    expect((await jobs.claim(claimOptions('a')))?.id).toBe(first);
    const blocked = await jobs.enqueue(extract(sameLane, 1), { at: new Date() });
    const served = await jobs.enqueue(extract(other, 1), { at: new Date() });
    expect((await jobs.claim(claimOptions('b')))?.id).toBe(served);
    expect(await jobs.claim(claimOptions('b'))).toBeNull();
    expect(await jobs.complete(first, 'a')).toBe(true);
    expect((await jobs.claim(claimOptions('b')))?.id).toBe(blocked);
  });

  it("lets a lane go on while a job waits for its retry: a session's later job may run first", async () => {
    const jobs = await open({ leaseMs: 60_000 });
    const first = await jobs.enqueue(extract('s1', 1), { at: new Date() });
    const second = await jobs.enqueue(extract('s1', 3), { at: new Date() });
    expect((await jobs.claim(claimOptions('a')))?.id).toBe(first);
    expect(await jobs.fail(first, 'a', { error: 'boom', retryAt: new Date() })).toBe(true);
    // The cursor (decision 16) makes the older job a no-op once it runs after this one.
    expect((await jobs.claim(claimOptions('a')))?.id).toBe(second);
  });

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

  it('keeps a job this version does not know as failed, rather than run a guess', async () => {
    const jobs = await open();
    const id = await jobs.enqueue({ kind: 'reindex' } as unknown as ExtractJob, { at: new Date() });
    expect(await jobs.claim(claimOptions('a'))).toBeNull();
    expect(await jobs.failed({ limit: 10 })).toMatchObject([{ id, error: 'not a job this version of memstack knows' }]);
  });

  it('applies the lease of the latest start to the jobs sent after it (the queues exist already)', async () => {
    const schema = uniqueSchema('jobs');
    await open({ schema, leaseMs: 600_000 });
    const jobs = await open({ schema, leaseMs: 5000 });
    await jobs.enqueue(extract('s1', 1), { at: new Date() });
    await jobs.claim(claimOptions('a'));
    const [running] = await jobs.list({ state: 'running', limit: 1 });
    expect(running?.runAt.getTime()).toBeLessThan(Date.now() + 10_000);
  });

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
