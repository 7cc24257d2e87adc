/**
 * Background work as plain data: a job names what to do and where, never how (no closure, no copied text). The
 * worker that runs it, in this process or another, reads what it needs from the store.
 */
export type MemoryJob = ExtractJob | PurgeJob;

/**
 * Extract memory from one recorded exchange, then compress the session if its history grew past the threshold.
 * Idempotent: it does nothing once the session's extraction cursor has reached `throughTurnId`.
 */
export interface ExtractJob {
  kind: 'extract';
  sessionKey: string;
  /** The turn the message followed when it was prepared (the reply whose question it may answer); null: none. */
  previousTurnId: number | null;
  userTurnId: number;
  /** The reply: the last turn of the exchange, where the cursor moves to. */
  throughTurnId: number;
}

/** Delete expired facts (superseded, or never used, past their retention). */
export interface PurgeJob {
  kind: 'purge';
}

/** Where the stack hands its background jobs: in memory, or durable in the store (`MemoryStore.jobs`). */
export interface JobQueue {
  readonly specificationVersion: 'v1';
  /**
   * True when the store keeps the jobs: an exchange's extraction job is then written with the exchange
   * (`ExchangeWrite.extraction`), and `schedule(job, { stored: true })` only wakes the workers.
   */
  readonly durable: boolean;
  /** Takes a job to run in the background; false, without taking it, when the queue is full. */
  schedule(job: MemoryJob, options?: { stored?: boolean }): boolean;
  /**
   * Resolves when no job this process can run is left, its own retries included (a job whose attempt here failed is
   * waited for until it is due again and claimed); jobs another process holds are not waited for.
   */
  idle(): Promise<void>;
  /** Stops taking jobs (after `idle`, for a clean close). */
  close(): Promise<void>;
}
