import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreError } from '../spec/errors/store-error.js';
import type { MemoryJob } from '../spec/job-queue.js';
import { sqliteStore } from '../stores/sqlite/sqlite-store.js';
import { durableJobQueue } from './durable-job-queue.js';

const directory = mkdtempSync(join(tmpdir(), 'memstack-queue-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const options = {
  concurrency: 2,
  leaseMs: 60_000,
  maxAttempts: 3,
  retryMs: 20,
  pollMs: 10,
  now: () => new Date(),
  onFailed: () => {},
};
const job = (sessionKey: string, turn: number): MemoryJob => ({
  kind: 'extract',
  sessionKey,
  previousTurnId: null,
  userTurnId: turn,
  throughTurnId: turn + 1,
});

describe('durableJobQueue', () => {
  it("runs the jobs it is given, one session's in order, and idle waits for them", async () => {
    const store = sqliteStore({ path: join(directory, `order-${Math.random()}.db`) });
    if (!store.jobs) throw new Error('a file store keeps jobs');
    const ran: number[] = [];
    const queue = durableJobQueue(
      store.jobs,
      async (next) => {
        if (next.kind !== 'extract') return;
        await sleep(next.userTurnId === 1 ? 30 : 0);
        ran.push(next.userTurnId);
      },
      options,
    );
    for (const turn of [1, 3, 5]) expect(queue.schedule(job('s1', turn))).toBe(true);
    await queue.idle();
    expect(ran).toEqual([1, 3, 5]);
    await queue.close();
    await store.close();
  });

  it('tries a failing job again with a growing pause, then keeps it with its error', async () => {
    const store = sqliteStore({ path: join(directory, `fail-${Math.random()}.db`) });
    if (!store.jobs) throw new Error('a file store keeps jobs');
    const tries: number[] = [];
    const failed: unknown[] = [];
    const queue = durableJobQueue(
      store.jobs,
      async () => {
        tries.push(Date.now());
        throw new Error('the store went away');
      },
      { ...options, onFailed: (_job, error) => failed.push(error) },
    );
    queue.schedule(job('s1', 1));
    const deadline = Date.now() + 5000;
    while ((await store.jobs.failed({ limit: 1 })).length === 0 && Date.now() < deadline) await sleep(10);
    expect(tries).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = tries;
    // 20 ms, then 80 ms (give or take the poll).
    expect(second - first).toBeGreaterThanOrEqual(20);
    expect(third - second).toBeGreaterThanOrEqual(80);
    expect(await store.jobs.failed({ limit: 10 })).toEqual([
      { id: expect.any(String), job: job('s1', 1), attempts: 3, error: 'Error: the store went away' },
    ]);
    // Told once, after the last attempt.
    expect(failed).toHaveLength(1);
    await queue.close();
    await store.close();
  });

  it('waits in idle for its own retry: a job whose attempt met a busy store has run when idle resolves', async () => {
    const store = sqliteStore({ path: join(directory, `retry-${Math.random()}.db`) });
    if (!store.jobs) throw new Error('a file store keeps jobs');
    let attempts = 0;
    const queue = durableJobQueue(
      store.jobs,
      async () => {
        attempts += 1;
        if (attempts === 1) throw new StoreError('STORE_BUSY', 'the database is locked');
      },
      options,
    );
    queue.schedule(job('s1', 1));
    queue.schedule(job('s1', 3));
    await queue.idle();
    // Both ran, the first twice; nothing is left in the file for no one.
    expect(attempts).toBe(3);
    expect(await store.jobs.list({ state: 'queued', limit: 10 })).toEqual([]);
    await queue.close();
    await store.close();
  });

  it('looks again in idle when a claim fails: a busy store is no proof of an empty queue', async () => {
    const store = sqliteStore({ path: join(directory, `claim-${Math.random()}.db`) });
    const jobs = store.jobs;
    if (!jobs) throw new Error('a file store keeps jobs');
    await jobs.enqueue(job('s1', 1), { at: new Date() });
    let refusals = 2;
    const ran: number[] = [];
    const queue = durableJobQueue(
      {
        ...jobs,
        claim: (claim) =>
          refusals-- > 0 ? Promise.reject(new StoreError('STORE_BUSY', 'the database is locked')) : jobs.claim(claim),
      },
      async (next) => {
        if (next.kind === 'extract') ran.push(next.userTurnId);
      },
      options,
    );
    await queue.idle();
    expect(ran).toEqual([1]);
    await queue.close();
    await store.close();
  });
});
