import { describe, expect, it } from 'vitest';
import type { MemoryJob } from '../spec/job-queue.js';
import { memoryJobQueue } from './memory-job-queue.js';

describe('memoryJobQueue', () => {
  it('runs the jobs as data, reports a job that throws once, and refuses jobs when full', async () => {
    const ran: MemoryJob[] = [];
    const failed: Array<{ job: MemoryJob; error: unknown }> = [];
    const queue = memoryJobQueue(
      async (job) => {
        ran.push(job);
        if (job.kind === 'purge') throw new Error('store closed');
      },
      { concurrency: 1, maxPending: 2, onFailed: (job, error) => failed.push({ job, error }) },
    );
    const extract: MemoryJob = {
      kind: 'extract',
      sessionKey: 's',
      previousTurnId: null,
      userTurnId: 1,
      throughTurnId: 2,
    };
    expect(queue.schedule(extract)).toBe(true);
    expect(queue.schedule({ kind: 'purge' })).toBe(true);
    expect(queue.schedule(extract)).toBe(false);
    await queue.idle();
    expect(ran).toEqual([extract, { kind: 'purge' }]);
    expect(failed).toEqual([{ job: { kind: 'purge' }, error: new Error('store closed') }]);
  });
});
