import type { MemoryJob } from './job-queue.js';

/** A job a worker holds: it runs it, then completes or fails it before its lease ends. */
export interface ClaimedJob {
  /** Opaque to the stack: a row number as text (the SQL stores). */
  id: string;
  job: MemoryJob;
  /** How many times it was claimed, this time included. */
  attempts: number;
}

/** A job that failed its last attempt, kept with its error rather than dropped. */
export interface FailedJob {
  id: string;
  job: MemoryJob;
  attempts: number;
  error: string;
}

/** Where a job is: waiting (or due again after a failed attempt), held by a worker, finished, or given up. */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A job as a list shows it. */
export interface JobView {
  id: string;
  job: MemoryJob;
  state: JobState;
  attempts: number;
  /** The last attempt's error (a queued job may carry one from an attempt that will be retried). */
  error: string | null;
  createdAt: Date;
  /** When it is due (queued), or when its lease ends (running). */
  runAt: Date;
  /** When it finished or was given up. */
  finishedAt: Date | null;
}

/**
 * An optional capability of a store: a durable job queue in the store itself, safe with several processes. A store
 * without it leaves `MemoryStore.jobs` undefined, and the stack runs its jobs in memory.
 */
export interface JobStore {
  enqueue(job: MemoryJob, options: { at: Date }): Promise<string>;
  /**
   * Leases a job that is due, not leased (or whose lease expired) and has no older unfinished job of the same session
   * (one session's jobs run in order, across processes). A job claimed `maxAttempts` times already is failed instead
   * (its worker died each time). Null: nothing to do. Which of several due jobs of different sessions comes first is
   * the queue's affair (the SQL stores': the oldest).
   *
   * `leaseMs`, `maxAttempts` and `at` are honoured by a queue that takes them per claim (the SQL stores', on `at` as
   * its clock); one that sets them per queue (a broker's options, its own clock) may ignore them.
   */
  claim(options: { worker: string; leaseMs: number; maxAttempts: number; at: Date }): Promise<ClaimedJob | null>;
  /**
   * Marks a job finished (kept a while for `list`); false when `worker` no longer holds its lease (it expired and
   * another took it).
   */
  complete(id: string, worker: string): Promise<boolean>;
  /**
   * Releases the job to run again at `retryAt`, or, with `retryAt` null, keeps it as failed with its error. A queue
   * with its own backoff (a broker's) may retry at its time rather than `retryAt`, and fail a job whose retries are
   * spent whatever `retryAt` says; false when `worker` no longer holds the lease.
   */
  fail(id: string, worker: string, failure: { error: string; retryAt: Date | null }): Promise<boolean>;
  /** The jobs kept as failed, oldest first. */
  failed(options: { limit: number }): Promise<FailedJob[]>;
  /**
   * The jobs in a state, newest first, at most `limit`. Finished jobs are kept for a while (the newest 1,000 at
   * least) so that a tool can show what ran.
   */
  list(options: { state: JobState; limit: number }): Promise<JobView[]>;
}
