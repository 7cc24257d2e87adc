import type { JobQueue, MemoryJob } from '../spec/job-queue.js';
import { createBackgroundQueue } from './background-queue.js';

/**
 * The jobs in this process's memory: bounded (a full queue refuses a job), one session's jobs in order, at most
 * `concurrency` at once. For stores without a queue of their own (`:memory:`, tests); a crash loses what is queued.
 */
export function memoryJobQueue(
  run: (job: MemoryJob) => Promise<void>,
  options: { concurrency: number; maxPending: number; onFailed: (job: MemoryJob, error: unknown) => void },
): JobQueue {
  const queue = createBackgroundQueue(options);
  return {
    specificationVersion: 'v1',
    durable: false,
    schedule: (job) =>
      queue.schedule(job.kind === 'extract' ? job.sessionKey : '', () =>
        // Not tried again: nothing keeps the job once this attempt is over.
        run(job).catch((error: unknown) => options.onFailed(job, error)),
      ),
    idle: () => queue.idle(),
    close: async () => {},
  };
}
