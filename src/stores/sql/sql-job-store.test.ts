import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropSchemas, TEST_POSTGRES_URL, uniqueSchema } from '../../../test/support/test-postgres.js';
import type { ExtractJob } from '../../spec/job-queue.js';
import type { JobStore } from '../../spec/job-store.js';
import type { MemoryStore } from '../../spec/memory-store.js';
import { postgresStore } from '../postgres/postgres-store.js';
import { sqliteStore } from '../sqlite/sqlite-store.js';

const schemas: string[] = [];
afterAll(() => dropSchemas(...schemas));

/** A fresh store of each engine with a queue; Postgres only with a test server. */
const engines: Array<[string, (directory: string) => Promise<MemoryStore>]> = [
  ['sqlite', async (directory) => sqliteStore({ path: join(directory, 'jobs.db') })],
  ...(TEST_POSTGRES_URL
    ? [
        [
          'postgres',
          async () => {
            const schema = uniqueSchema('jobs');
            schemas.push(schema);
            return postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, poolSize: 4 });
          },
        ] as [string, () => Promise<MemoryStore>],
      ]
    : []),
];

/**
 * What the contract's wall clock cannot show: the queue goes by the `at` of each call (a simulated clock), so lease
 * and retry boundaries are exact. What every durable queue must do is in the contract (`src/store-kit/job-cases.ts`).
 */
describe.each(engines)('sqlJobStore on %s, on a simulated clock', (_engine, open) => {
  let directory: string;
  let store: MemoryStore;
  let jobs: JobStore;
  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-sql-jobs-'));
    store = await open(directory);
    if (!store.jobs) throw new Error('the store keeps jobs');
    jobs = store.jobs;
  });
  afterEach(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

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

  it('gives out the oldest due job first, whatever its session', async () => {
    const first = await jobs.enqueue(extract('s1', 1), { at: time(0) });
    const second = await jobs.enqueue(extract('s2', 3), { at: time(0) });
    const purge = await jobs.enqueue({ kind: 'purge' }, { at: time(0) });
    expect((await jobs.claim(lease('a', 0)))?.id).toBe(first);
    expect((await jobs.claim(lease('a', 0)))?.id).toBe(second);
    expect((await jobs.claim(lease('a', 0)))?.id).toBe(purge);
  });

  it('ends a lease exactly leaseMs after the claim, as the list shows it', async () => {
    const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
    await jobs.claim(lease('a', 0));
    expect(await jobs.claim(lease('b', 999))).toBeNull();
    expect(await jobs.claim(lease('b', 1000))).toMatchObject({ id, attempts: 2 });
    expect(await jobs.complete(id, 'b')).toBe(true);
    const now = Date.now();
    const held = await jobs.enqueue(extract('s2', 3), { at: new Date(now) });
    await jobs.claim({ worker: 'c', leaseMs: 600_000, maxAttempts: 3, at: new Date(now) });
    expect((await jobs.list({ state: 'running', limit: 10 })).find((job) => job.id === held)?.runAt.getTime()).toBe(
      now + 600_000,
    );
  });

  it('retries a failed job exactly at retryAt, and never gives out a finished one again', async () => {
    const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
    await jobs.claim(lease('a', 0));
    expect(await jobs.fail(id, 'a', { error: 'boom 1', retryAt: time(500) })).toBe(true);
    expect(await jobs.claim(lease('a', 499))).toBeNull();
    expect(await jobs.claim(lease('a', 500))).toMatchObject({ id, attempts: 2 });
    expect(await jobs.complete(id, 'a')).toBe(true);
    expect(await jobs.claim(lease('a', 1_000_000))).toBeNull();
  });

  it('honours the maxAttempts of each claim: a job whose lease expired that many times is failed', async () => {
    const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
    for (let attempt = 0; attempt < 3; attempt += 1) await jobs.claim(lease('a', attempt * 1000));
    expect(await jobs.claim(lease('a', 3000))).toBeNull();
    expect((await jobs.failed({ limit: 10 }))[0]).toMatchObject({
      id,
      attempts: 3,
      error: 'its lease expired 3 times',
    });
  });

  it('answers false for an id no job has, whatever its text', async () => {
    const id = await jobs.enqueue(extract('s1', 1), { at: time(0) });
    await jobs.claim(lease('a', 0));
    for (const other of ['', 'abc', '-1', '1e3', `${id} `, '99999999999999999999', "1' OR '1'='1"]) {
      expect(await jobs.complete(other, 'a')).toBe(false);
      expect(await jobs.fail(other, 'a', { error: 'x', retryAt: null })).toBe(false);
    }
    expect(await jobs.complete(id, 'a')).toBe(true);
  });

  it('gives each job to exactly one of many claims made at once', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 40; index += 1)
      ids.push(await jobs.enqueue(extract(`s${index}`, 2 * index + 1), { at: time(0) }));
    const claimer = async (worker: string) => {
      const taken: string[] = [];
      for (let claimed = await jobs.claim(lease(worker, 0)); claimed; claimed = await jobs.claim(lease(worker, 0))) {
        taken.push(claimed.id);
        expect(await jobs.complete(claimed.id, worker)).toBe(true);
      }
      return taken;
    };
    const taken = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map(claimer));
    expect(taken.flat().sort((x, y) => Number(x) - Number(y))).toEqual(ids);
  });
});
