import type pg from 'pg';
import type { MemoryJob } from '../../spec/job-queue.js';
import type { JobStore } from '../../spec/job-store.js';

/**
 * The Postgres store's durable job queue (on pg-boss, see decision 20), as the store itself uses it: a `JobStore` for
 * the stack's workers, plus the two writes the store makes inside its own transactions.
 */
export interface PostgresJobs extends JobStore {
  /** Enqueues a job in the caller's transaction (the exchange's): committed with it, or not at all. */
  enqueueWith(client: pg.PoolClient, job: MemoryJob, at: Date): Promise<string>;
  /** Deletes every job of these sessions, whatever its state, in the caller's transaction (`forget`). */
  dropSessions(client: pg.PoolClient, sessionKeys: readonly string[]): Promise<void>;
  /** Creates or migrates the queue's own schema (safe with several processes at once). */
  start(): Promise<void>;
  /** Stops its maintenance timers; never ends the pool (the store does). */
  stop(): Promise<void>;
}
