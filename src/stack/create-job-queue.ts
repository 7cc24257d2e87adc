import type { JobQueue, MemoryJob } from '../spec/job-queue.js';
import { durableJobQueue } from './durable-job-queue.js';
import { memoryJobQueue } from './memory-job-queue.js';
import type { StackContext } from './stack-context.js';

/** Claims of a job before it is kept as failed. */
const MAX_ATTEMPTS = 3;
const FIRST_RETRY_MS = 1000;
const POLL_MS = 1000;
/** Past the longest a job may take (an extraction and a compression, each within their timeout, and store waits). */
const LEASE_MARGIN_MS = 60_000;

/** The store's durable queue when it offers one (`MemoryStore.jobs`), else one in this process's memory. */
export function createJobQueue(
  context: Pick<StackContext, 'store' | 'limits' | 'emit'>,
  run: (job: MemoryJob) => Promise<void>,
  options: { run: boolean },
): JobQueue {
  const { limits, store } = context;
  // The work reports its own failures; this is the store failing under it (reading the turns back, say).
  const onFailed = (job: MemoryJob, error: unknown): void => {
    if (job.kind === 'extract') {
      context.emit({ type: 'extraction-failed', sessionKey: job.sessionKey, reason: 'error', error });
    } else context.emit({ type: 'purge-failed', error });
  };
  if (store.jobs === undefined) {
    return memoryJobQueue(run, {
      concurrency: limits.extractionConcurrency,
      maxPending: limits.extractionQueueMax,
      onFailed,
    });
  }
  return durableJobQueue(store.jobs, run, {
    // Not a worker: the jobs stay in the store for the processes that are.
    concurrency: options.run ? limits.extractionConcurrency : 0,
    leaseMs: 2 * limits.extractionTimeoutMs + LEASE_MARGIN_MS,
    maxAttempts: MAX_ATTEMPTS,
    retryMs: FIRST_RETRY_MS,
    pollMs: POLL_MS,
    // Leases and retries go by the wall clock, never by the stack's (a test's) clock.
    now: () => new Date(),
    onFailed,
  });
}
