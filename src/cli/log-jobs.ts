import type { JobStore, MemoryJob } from '../store-kit.js';

/**
 * A job store that reports each job finished or failed (for `memstack worker`), and hands out no job once `stop` is
 * called, so that the worker's stack goes idle after the jobs it holds.
 */
export function logJobs(jobs: JobStore, log: (line: string) => void): JobStore & { stop(): void } {
  const held = new Map<string, MemoryJob>();
  let stopped = false;
  const describe = (id: string) => {
    const job = held.get(id);
    held.delete(id);
    if (!job) return `job ${id}`;
    return job.kind === 'extract'
      ? `job ${id} extract ${job.sessionKey} #${job.userTurnId}-#${job.throughTurnId}`
      : `job ${id} purge`;
  };
  return {
    ...jobs,
    stop: () => {
      stopped = true;
    },
    claim: async (options) => {
      if (stopped) return null;
      const claimed = await jobs.claim(options);
      if (claimed) held.set(claimed.id, claimed.job);
      return claimed;
    },
    complete: async (id, worker) => {
      const completed = await jobs.complete(id, worker);
      log(`${completed ? 'done' : 'lost (its lease went to another worker)'} ${describe(id)}`);
      return completed;
    },
    fail: async (id, worker, failure) => {
      const failed = await jobs.fail(id, worker, failure);
      const outcome = failure.retryAt === null ? 'failed' : 'failed, to retry';
      log(`${failed ? outcome : 'lost (its lease went to another worker)'} ${describe(id)}: ${failure.error}`);
      return failed;
    },
  };
}
