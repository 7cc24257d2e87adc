import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExtractJob } from '../../spec/job-queue.js';
import type { JobStore } from '../../spec/job-store.js';
import { sqliteStore } from './sqlite-store.js';

/**
 * What only SQLite's queue can show: it goes by the `at` of each call (a simulated clock), so lease and retry
 * boundaries are exact. What every durable queue must do is in the contract (`src/store-kit/job-cases.ts`).
 */
describe('sqliteJobStore on a simulated clock', () => {
  let directory: string;
  let store: ReturnType<typeof sqliteStore>;
  let jobs: JobStore;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-sqlite-jobs-'));
    store = sqliteStore({ path: join(directory, 'jobs.db') });
    if (!store.jobs) throw new Error('a file store keeps jobs');
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
});
