import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
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
});
