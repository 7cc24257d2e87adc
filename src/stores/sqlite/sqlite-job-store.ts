import { parseMemoryJob } from '../../core/parse-memory-job.js';
import type { MemoryJob } from '../../spec/job-queue.js';
import type { ClaimedJob, FailedJob, JobStore } from '../../spec/job-store.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteGuard } from './sqlite-guard.js';
import { writeTransaction } from './write-transaction.js';

interface JobRow {
  id: number;
  payload: string;
  attempts: number;
  error?: string | null;
}

/**
 * Due, unleased (or lease expired), and first of its session among the unfinished jobs: one session's jobs run in
 * order whatever process runs them.
 */
const CLAIMABLE = `SELECT id, payload, attempts FROM jobs AS j
  WHERE state = 'queued' AND run_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
    AND (session_key IS NULL OR NOT EXISTS (
      SELECT 1 FROM jobs AS e WHERE e.session_key = j.session_key AND e.state = 'queued' AND e.id < j.id))
  ORDER BY id LIMIT 1`;

/** The jobs table: the queue lives in the store's own file, so that a job is as durable as the turn it is for. */
export function sqliteJobStore(database: SqliteDatabase, guard: SqliteGuard): JobStore {
  const insertJob = jobInserter(database);
  const statements = {
    claimable: database.prepare(CLAIMABLE),
    lease: database.prepare(
      'UPDATE jobs SET lease_owner = ?, lease_until = ?, attempts = attempts + 1 WHERE id = ? RETURNING attempts',
    ),
    giveUp: database.prepare(
      "UPDATE jobs SET state = 'failed', lease_owner = NULL, lease_until = NULL, error = ? WHERE id = ?",
    ),
    complete: database.prepare('DELETE FROM jobs WHERE id = ? AND lease_owner = ?'),
    fail: database.prepare(
      `UPDATE jobs SET lease_owner = NULL, lease_until = NULL, error = @error,
         state = CASE WHEN @retryAt IS NULL THEN 'failed' ELSE 'queued' END, run_at = coalesce(@retryAt, run_at)
       WHERE id = @id AND lease_owner = @worker AND state = 'queued'`,
    ),
    failed: database.prepare(
      "SELECT id, payload, attempts, error FROM jobs WHERE state = 'failed' ORDER BY id LIMIT ?",
    ),
  };
  const enqueue = writeTransaction(database, (job: MemoryJob, at: Date) => insertJob(job, at));
  const claim = writeTransaction(
    database,
    (options: { worker: string; leaseMs: number; maxAttempts: number; at: Date }): ClaimedJob | null => {
      const now = options.at.getTime();
      for (;;) {
        const row = statements.claimable.get({ now }) as JobRow | undefined;
        if (!row) return null;
        const job = parseMemoryJob(row.payload);
        if (job === null) {
          statements.giveUp.run('not a job this version of memstack knows', row.id);
          continue;
        }
        if (row.attempts >= options.maxAttempts) {
          // Its lease expired that many times: the worker died (or hung) on it each time.
          statements.giveUp.run(`its lease expired ${row.attempts} times`, row.id);
          continue;
        }
        const leased = statements.lease.get(options.worker, now + options.leaseMs, row.id) as { attempts: number };
        return { id: row.id, job, attempts: leased.attempts };
      }
    },
  );
  const complete = writeTransaction(
    database,
    (id: number, worker: string) => statements.complete.run(id, worker).changes > 0,
  );
  const fail = writeTransaction(
    database,
    (id: number, worker: string, failure: { error: string; retryAt: Date | null }) =>
      statements.fail.run({ id, worker, error: failure.error, retryAt: failure.retryAt?.getTime() ?? null }).changes >
      0,
  );

  return {
    enqueue: (job, options) => guard('enqueue a job', () => enqueue(job, options.at)),
    claim: (options) =>
      guard('claim a job', () =>
        // Polling is the common case: look without the write lock first, and take it only when there is work.
        statements.claimable.get({ now: options.at.getTime() }) === undefined ? null : claim(options),
      ),
    complete: (id, worker) => guard('complete a job', () => complete(id, worker)),
    fail: (id, worker, failure) => guard('fail a job', () => fail(id, worker, failure)),
    failed: (options) =>
      guard('list failed jobs', () =>
        (statements.failed.all(options.limit) as JobRow[]).map(
          (row): FailedJob => ({
            id: row.id,
            job: parseMemoryJob(row.payload) ?? { kind: 'purge' },
            attempts: row.attempts,
            error: row.error ?? '',
          }),
        ),
      ),
  };
}

/** A prepared insert of a job, to call inside a transaction (`appendExchange` enqueues with the exchange). */
export function jobInserter(database: SqliteDatabase): (job: MemoryJob, at: Date) => number {
  const insert = database.prepare('INSERT INTO jobs (session_key, payload, run_at, created_at) VALUES (?, ?, ?, ?)');
  return (job, at) => {
    const time = at.getTime();
    const sessionKey = job.kind === 'extract' ? job.sessionKey : null;
    return Number(insert.run(sessionKey, JSON.stringify(job), time, time).lastInsertRowid);
  };
}
