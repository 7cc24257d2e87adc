import { parseMemoryJob } from '../../core/validation/parse-memory-job.js';
import type { MemoryJob } from '../../spec/job-queue.js';
import type { ClaimedJob, FailedJob, JobState, JobStore, JobView } from '../../spec/job-store.js';
import { type ProcessLiveness, processLiveness } from './process-liveness.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteGuard } from './sqlite-guard.js';
import { writeTransaction } from './write-transaction.js';

/** Finished jobs kept for `list`: the newest this many. */
const KEPT_DONE_JOBS = 1000;

interface JobRow {
  id: number;
  payload: string;
  attempts: number;
  error?: string | null;
}

/**
 * Due, unleased (or lease expired, or held by a process that is gone: `@gone`, a JSON array of lease owners), and
 * first of its session among the unfinished jobs: one session's jobs run in order whatever process runs them.
 */
const CLAIMABLE = `SELECT id, payload, attempts FROM jobs AS j
  WHERE state = 'queued' AND run_at <= @now
    AND (lease_until IS NULL OR lease_until <= @now OR lease_owner IN (SELECT value FROM json_each(@gone)))
    AND (session_key IS NULL OR NOT EXISTS (
      SELECT 1 FROM jobs AS e WHERE e.session_key = j.session_key AND e.state = 'queued' AND e.id < j.id))
  ORDER BY id LIMIT 1`;

/**
 * The jobs table: the queue lives in the store's own file, so that a job is as durable as the turn it is for. Every
 * claimer of a local file runs on the same machine, so a lease records its process (`ProcessLiveness`), and a job
 * whose process died (a `kill -9`, a crash) is claimed again at once instead of when its lease expires.
 */
export function sqliteJobStore(
  database: SqliteDatabase,
  guard: SqliteGuard,
  liveness: ProcessLiveness = processLiveness(),
): JobStore {
  const insertJob = jobInserter(database);
  const statements = {
    claimable: database.prepare(CLAIMABLE),
    held: database.prepare(
      `SELECT DISTINCT lease_owner AS owner, lease_process AS process FROM jobs
       WHERE state = 'queued' AND lease_until > ? AND lease_process IS NOT NULL`,
    ),
    lease: database.prepare(
      `UPDATE jobs SET lease_owner = ?, lease_process = ?, lease_until = ?, attempts = attempts + 1
       WHERE id = ? RETURNING attempts`,
    ),
    giveUp: database.prepare(
      `UPDATE jobs SET state = 'failed', lease_owner = NULL, lease_until = NULL, error = ?, finished_at = ?
       WHERE id = ?`,
    ),
    complete: database.prepare(
      `UPDATE jobs SET state = 'done', lease_until = NULL, finished_at = ?
       WHERE id = ? AND lease_owner = ? AND state = 'queued'`,
    ),
    // The newest finished jobs are kept; older ones go as new ones finish.
    pruneDone: database.prepare(
      `DELETE FROM jobs WHERE state = 'done' AND id <= (
         SELECT id FROM jobs WHERE state = 'done' ORDER BY id DESC LIMIT 1 OFFSET ${KEPT_DONE_JOBS})`,
    ),
    fail: database.prepare(
      `UPDATE jobs SET lease_owner = NULL, lease_until = NULL, error = @error,
         state = CASE WHEN @retryAt IS NULL THEN 'failed' ELSE 'queued' END, run_at = coalesce(@retryAt, run_at),
         finished_at = CASE WHEN @retryAt IS NULL THEN @now ELSE NULL END
       WHERE id = @id AND lease_owner = @worker AND state = 'queued'`,
    ),
    list: {
      queued: database.prepare(
        `SELECT ${VIEW_COLUMNS} FROM jobs WHERE state = 'queued' AND (lease_until IS NULL OR lease_until <= ?)
         ORDER BY id DESC LIMIT ?`,
      ),
      running: database.prepare(
        `SELECT ${VIEW_COLUMNS} FROM jobs WHERE state = 'queued' AND lease_until > ? ORDER BY id DESC LIMIT ?`,
      ),
      done: database.prepare(`SELECT ${VIEW_COLUMNS} FROM jobs WHERE state = 'done' ORDER BY id DESC LIMIT ?`),
      failed: database.prepare(`SELECT ${VIEW_COLUMNS} FROM jobs WHERE state = 'failed' ORDER BY id DESC LIMIT ?`),
    },
    failed: database.prepare(
      "SELECT id, payload, attempts, error FROM jobs WHERE state = 'failed' ORDER BY id LIMIT ?",
    ),
  };
  const enqueue = writeTransaction(database, (job: MemoryJob, at: Date) => insertJob(job, at));
  /** The lease owners whose process is gone, as the JSON array `CLAIMABLE` takes. */
  const goneOwners = (now: number): string =>
    JSON.stringify(liveness.gone(statements.held.all(now) as Array<{ owner: string; process: string }>));
  const claim = writeTransaction(
    database,
    (options: { worker: string; leaseMs: number; maxAttempts: number; at: Date }, gone: string): ClaimedJob | null => {
      const now = options.at.getTime();
      for (;;) {
        const row = statements.claimable.get({ now, gone }) as JobRow | undefined;
        if (!row) return null;
        const job = parseMemoryJob(row.payload);
        if (job === null) {
          statements.giveUp.run('not a job this version of memstack knows', now, row.id);
          continue;
        }
        if (row.attempts >= options.maxAttempts) {
          // Its lease expired that many times: the worker died (or hung) on it each time.
          statements.giveUp.run(`its lease expired ${row.attempts} times`, now, row.id);
          continue;
        }
        const leased = statements.lease.get(
          options.worker,
          liveness.describe(options.worker),
          now + options.leaseMs,
          row.id,
        ) as { attempts: number };
        return { id: String(row.id), job, attempts: leased.attempts };
      }
    },
  );
  const complete = writeTransaction(database, (id: string, worker: string) => {
    if (statements.complete.run(Date.now(), Number(id), worker).changes === 0) return false;
    statements.pruneDone.run();
    return true;
  });
  const fail = writeTransaction(
    database,
    (id: string, worker: string, failure: { error: string; retryAt: Date | null }) =>
      statements.fail.run({
        id: Number(id),
        worker,
        error: failure.error,
        retryAt: failure.retryAt?.getTime() ?? null,
        now: Date.now(),
      }).changes > 0,
  );

  return {
    enqueue: (job, options) => guard('enqueue a job', () => String(enqueue(job, options.at))),
    claim: (options) =>
      guard('claim a job', () => {
        // Polling is the common case: look without the write lock first, and take it only when there is work. A
        // process found gone stays gone, so the look's list holds in the transaction.
        const now = options.at.getTime();
        const gone = goneOwners(now);
        return statements.claimable.get({ now, gone }) === undefined ? null : claim(options, gone);
      }),
    complete: (id, worker) => guard('complete a job', () => complete(id, worker)),
    fail: (id, worker, failure) => guard('fail a job', () => fail(id, worker, failure)),
    failed: (options) =>
      guard('list failed jobs', () =>
        (statements.failed.all(options.limit) as JobRow[]).map(
          (row): FailedJob => ({
            id: String(row.id),
            job: parseMemoryJob(row.payload) ?? { kind: 'purge' },
            attempts: row.attempts,
            error: row.error ?? '',
          }),
        ),
      ),
    list: ({ state, limit }) =>
      guard('list jobs', () => {
        // A queued job is running while a worker's lease on it lasts.
        const leased = state === 'queued' || state === 'running';
        const rows = leased ? statements.list[state].all(Date.now(), limit) : statements.list[state].all(limit);
        return (rows as JobViewRow[]).map((row) => toJobView(row, state));
      }),
  };
}

const VIEW_COLUMNS = 'id, payload, attempts, error, created_at, run_at, lease_until, finished_at';

interface JobViewRow {
  id: number;
  payload: string;
  attempts: number;
  error: string | null;
  created_at: number;
  run_at: number;
  lease_until: number | null;
  finished_at: number | null;
}

function toJobView(row: JobViewRow, state: JobState): JobView {
  return {
    id: String(row.id),
    job: parseMemoryJob(row.payload) ?? { kind: 'purge' },
    state,
    attempts: row.attempts,
    error: row.error,
    createdAt: new Date(row.created_at),
    runAt: new Date(state === 'running' && row.lease_until !== null ? row.lease_until : row.run_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
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
