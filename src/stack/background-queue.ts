import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export interface BackgroundQueue {
  /**
   * Runs `job` after the jobs already scheduled under the same key (so one session's extractions apply in order),
   * with at most `concurrency` jobs running at once. Returns false, without scheduling, when the queue is full.
   */
  schedule(key: string, job: () => Promise<void>): boolean;
  /** Resolves when every job scheduled so far has settled. */
  idle(): Promise<void>;
}

/** A bounded in-process job queue. Jobs must not throw; a rejection is swallowed so that one job cannot stop another. */
export function createBackgroundQueue(options: { concurrency: number; maxPending: number }): BackgroundQueue {
  const tails = new Map<string, Promise<void>>();
  const pending = new Set<Promise<void>>();
  const waiting: Array<() => void> = [];
  let running = 0;

  const acquire = (): Promise<void> => {
    if (running < options.concurrency) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    schedule(key, job) {
      if (pending.size >= options.maxPending) return false;
      const previous = tails.get(key) ?? Promise.resolve();
      const run = previous.then(async () => {
        await acquire();
        try {
          // On a later turn of the event loop: the caller's own work (the rest of `record`, the reply it sends)
          // finishes first, and a job's first synchronous stretch is never added to the caller's.
          await yieldToEventLoop();
          await job();
        } catch {
          // Jobs report their own failures; nothing may escape into an unhandled rejection.
        } finally {
          release();
        }
      });
      tails.set(key, run);
      pending.add(run);
      void run.then(() => {
        pending.delete(run);
        if (tails.get(key) === run) tails.delete(key);
      });
      return true;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
