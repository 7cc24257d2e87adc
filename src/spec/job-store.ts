import type { MemoryJob } from './job-queue.js';

/** A job a worker holds: it runs it, then completes or fails it before its lease ends. */
export interface ClaimedJob {
  id: number;
  job: MemoryJob;
  /** How many times it was claimed, this time included. */
  attempts: number;
}

/** A job that failed its last attempt, kept with its error rather than dropped. */
export interface FailedJob {
  id: number;
  job: MemoryJob;
  attempts: number;
  error: string;
}

/**
 * An optional capability of a store: a durable job queue in the store itself, safe with several processes. A store
 * without it leaves `MemoryStore.jobs` undefined, and the stack runs its jobs in memory.
 */
export interface JobStore {
  enqueue(job: MemoryJob, options: { at: Date }): Promise<number>;
  /**
   * Leases the oldest job that is due, not leased (or whose lease expired) and has no older unfinished job of the same
   * session (one session's jobs run in order, across processes). A job claimed `maxAttempts` times already is failed
   * instead (its worker died each time). Null: nothing to do.
   */
  claim(options: { worker: string; leaseMs: number; maxAttempts: number; at: Date }): Promise<ClaimedJob | null>;
  /** Removes a finished job; false when `worker` no longer holds its lease (it expired and another took it). */
  complete(id: number, worker: string): Promise<boolean>;
  /** Releases the job to run again at `retryAt`, or, with `retryAt` null, keeps it as failed with its error. */
  fail(id: number, worker: string, failure: { error: string; retryAt: Date | null }): Promise<boolean>;
  /** The jobs kept as failed, oldest first. */
  failed(options: { limit: number }): Promise<FailedJob[]>;
}
