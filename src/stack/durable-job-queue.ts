import { randomUUID } from 'node:crypto';
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { JobQueue, MemoryJob } from '../spec/job-queue.js';
import type { ClaimedJob, JobStore } from '../spec/job-store.js';

/** Claims in a row that may fail in `idle` (a busy store) before it stops looking. */
const MOST_CLAIM_FAILURES = 5;

export interface DurableJobQueueOptions {
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How long a claimed job is this worker's: past it, another worker may take it (this one died or hung). */
  leaseMs: number;
  /** Claims of a job before it is kept as failed (a throw, or a lease that expired). */
  maxAttempts: number;
  /** The pause before the first retry of a failed job; each retry waits four times longer. */
  retryMs: number;
  /** How often the queue looks for jobs it was not told of (left by a process that died, or due for a retry). */
  pollMs: number;
  now: () => Date;
  /** Told of a job kept as failed after its last attempt. */
  onFailed: (job: MemoryJob, error: unknown) => void;
}

/**
 * Runs the jobs a store keeps (`MemoryStore.jobs`): claims them under a lease, runs them, completes or fails them.
 * Any number of processes may run one on the same store; the store's claim keeps one session's jobs in order.
 */
export function durableJobQueue(
  jobs: JobStore,
  run: (job: MemoryJob) => Promise<void>,
  options: DurableJobQueueOptions,
): JobQueue {
  const worker = `${process.pid}-${randomUUID()}`;
  const active = new Set<Promise<void>>();
  const enqueues = new Set<Promise<unknown>>();
  /** Jobs whose attempt here failed, with when they are due again: `idle` waits for them too. */
  const retries = new Map<string, number>();
  /** Whether a claim failed (the store, not the job) since `idle` last looked: that is no proof of an empty queue. */
  let claimFailed = false;
  let closed = false;
  let pumping: Promise<void> | undefined;
  let again = false;

  const settle = async (claimed: ClaimedJob): Promise<void> => {
    try {
      await run(claimed.job);
      await jobs.complete(claimed.id, worker);
    } catch (error) {
      const last = claimed.attempts >= options.maxAttempts;
      // The pause counts from the failure, not from the attempt's start: a job that fails slowly still waits it out.
      const pause = options.retryMs * 4 ** (claimed.attempts - 1);
      const retryAt = last ? null : new Date(options.now().getTime() + pause);
      const released = await jobs.fail(claimed.id, worker, { error: String(error), retryAt }).catch(() => {
        // The store is failing too: the lease expires, and the job is claimed again then.
        return false;
      });
      if (released && retryAt !== null) retries.set(claimed.id, retryAt.getTime());
      if (last) options.onFailed(claimed.job, error);
    }
  };
  /** Claims jobs while this process has room for them. */
  const fill = async (): Promise<void> => {
    while (!closed && active.size < options.concurrency) {
      const claimed = await jobs
        .claim({ worker, leaseMs: options.leaseMs, maxAttempts: options.maxAttempts, at: options.now() })
        .catch(() => {
          claimFailed = true;
          return null;
        });
      if (!claimed) return;
      retries.delete(claimed.id);
      const task: Promise<void> = settle(claimed).finally(() => {
        active.delete(task);
        void wake();
      });
      active.add(task);
    }
  };
  /** One pass of `fill` at a time; a wake during a pass makes it look again (a job may have been added after it looked). */
  const wake = (): Promise<void> => {
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      // On a later turn of the event loop: the caller's own work (the rest of `record`) finishes first.
      await yieldToEventLoop();
      do {
        again = false;
        await fill();
      } while (again && !closed);
    })().finally(() => {
      pumping = undefined;
    });
    return pumping;
  };
  const timer = setInterval(() => void wake(), options.pollMs);
  timer.unref();
  // Jobs left by a process that died before running them.
  void wake();

  return {
    specificationVersion: 'v1',
    durable: true,
    schedule(job, scheduleOptions) {
      if (closed) return false;
      if (scheduleOptions?.stored) {
        void wake();
        return true;
      }
      const enqueue: Promise<unknown> = jobs
        .enqueue(job, { at: options.now() })
        .then(() => wake())
        .catch(() => {
          // Not stored (the store failed): the job is lost, as a full in-memory queue would drop it.
        })
        .finally(() => enqueues.delete(enqueue));
      enqueues.add(enqueue);
      return true;
    },
    async idle() {
      let storeFailures = 0;
      for (;;) {
        await Promise.allSettled([...enqueues]);
        claimFailed = false;
        await wake();
        // A pass that a finished job started may still be looking: its claim is work too.
        if (active.size > 0 || pumping) {
          await Promise.allSettled([...active]);
          continue;
        }
        // A busy store answered no claim: look again after a pause, a few times, rather than report a queue empty.
        if (claimFailed && !closed && storeFailures < MOST_CLAIM_FAILURES) {
          storeFailures += 1;
          await sleep(options.pollMs);
          continue;
        }
        // This process's own retries are its work too (a store that was busy under a job): wait until they are due,
        // then claim them. One still unclaimed when due was taken by another process, or waits behind another
        // process's job of its session: that process runs it.
        const now = options.now().getTime();
        const due = Math.min(...retries.values());
        if (closed || !Number.isFinite(due)) return;
        if (due > now) await sleep(due - now);
        else for (const [id, at] of retries) if (at <= now) retries.delete(id);
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await pumping;
      await Promise.allSettled([...active]);
    },
  };
}
