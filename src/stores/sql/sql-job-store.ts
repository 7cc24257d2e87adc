import { parseMemoryJob } from '../../core/validation/parse-memory-job.js';
import type { MemoryJob } from '../../spec/job-queue.js';
import type { ClaimedJob, FailedJob, JobState, JobStore, JobView } from '../../spec/job-store.js';
import type { ProcessLiveness } from './process-liveness.js';
import type { Sql, SqlValue } from './sql.js';
import { sqlDate, sqlDateOrNull } from './sql.js';
import type { SqlDialect, SqlEnqueue } from './sql-dialect.js';

/** How an engine's claimers take a job without taking the same one. */
export interface SqlJobClaim {
  /**
   * Appended to the claim's SELECT in its write transaction: `FOR UPDATE SKIP LOCKED` where claimers lock rows and
   * pass each other's by (Postgres); empty where the write transaction holds the whole database (SQLite).
   */
  readonly lockClaimed: string;
  /**
   * Where every claimer shares this machine (a SQLite file, a libSQL `file:` URL): a lease records its process, and a
   * job whose process died is claimed again at once rather than when its lease ends. Never for a server's queue.
   */
  readonly liveness?: ProcessLiveness | undefined;
}

/** The store's queue: the `JobStore` for the workers, and the two writes the store makes in its own transactions. */
export interface SqlJobs {
  jobs: JobStore;
  /** In the exchange's transaction: an acknowledged turn always has its job. */
  enqueue: SqlEnqueue;
  /** Deletes every job of these sessions, whatever its state, in the forget's transaction. */
  dropSessions(sql: Sql, sessionKeys: readonly string[]): Promise<void>;
}

/** Finished jobs kept for `list`: the newest this many. */
const KEPT_DONE_JOBS = 1000;
/** Session keys per `dropSessions` statement, well below every engine's limit of placeholders. */
const DROP_BATCH = 500;
const VIEW_COLUMNS = 'id, payload, attempts, error, created_at, run_at, lease_until, finished_at';

interface JobRow {
  id: number;
  payload: string;
  attempts: number;
  error: string | null;
}

interface JobViewRow extends JobRow {
  created_at: unknown;
  run_at: unknown;
  lease_until: unknown;
  finished_at: unknown;
}

type Claim = { worker: string; leaseMs: number; maxAttempts: number; at: Date };

/**
 * The durable job queue, in the store's own tables (decisions 16 and 20): a job is as durable as the turn it is for,
 * and written in the same transaction. A job is one row: queued (held while a worker's lease on it lasts), done (the
 * newest kept for `list`) or failed with its error. One session's jobs run in order across processes: a job waits
 * while an older one of its session is queued. The queue goes by the `at` of each claim (leases, due times), so a
 * test can run it on a simulated clock.
 */
export function sqlJobStore(dialect: SqlDialect, claiming: SqlJobClaim): SqlJobs {
  const { connection } = dialect;
  const jobs = dialect.table('jobs');
  const { liveness } = claiming;

  /**
   * Due, unleased (or lease expired, or held by one of `gone`, owners whose process died) and first of its session
   * among the unfinished jobs.
   */
  const claimable = (gone: readonly string[], lock: string) =>
    `SELECT id, payload, attempts FROM ${jobs} AS j
     WHERE state = 'queued' AND run_at <= ?
       AND (lease_until IS NULL OR lease_until <= ?${gone.length > 0 ? ` OR lease_owner IN (${marks(gone)})` : ''})
       AND (session_key IS NULL OR NOT EXISTS (
         SELECT 1 FROM ${jobs} AS e WHERE e.session_key = j.session_key AND e.state = 'queued' AND e.id < j.id))
     ORDER BY id LIMIT 1 ${lock}`;
  const findClaimable = (sql: Sql, at: Date, gone: readonly string[], lock = '') =>
    sql.get<JobRow>(claimable(gone, lock), [at, at, ...gone]);

  /** The lease owners whose process is gone (none without `liveness`). */
  const goneOwners = async (sql: Sql, at: Date): Promise<string[]> => {
    if (!liveness) return [];
    const held = await sql.all<{ owner: string; process: string }>(
      `SELECT DISTINCT lease_owner AS owner, lease_process AS process FROM ${jobs}
       WHERE state = 'queued' AND lease_until > ? AND lease_process IS NOT NULL`,
      [at],
    );
    return liveness.gone(held);
  };

  const giveUp = (sql: Sql, id: number, error: string, at: Date) =>
    sql.run(
      `UPDATE ${jobs} SET state = 'failed', lease_owner = NULL, lease_until = NULL, error = ?, finished_at = ?
       WHERE id = ?`,
      [error, at, id],
    );

  const insert = async (sql: Sql, job: MemoryJob, at: Date): Promise<string> => {
    const row = await sql.get<{ id: number }>(
      `INSERT INTO ${jobs} (session_key, payload, run_at, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
      [job.kind === 'extract' ? job.sessionKey : null, JSON.stringify(job), at, at],
    );
    return String(row?.id);
  };

  const claim = async (options: Claim): Promise<ClaimedJob | null> => {
    const { at } = options;
    // Polling is the common case: look without a write first, and write only when there is work. A process found
    // gone stays gone, so the look's list holds in the write.
    const gone = await connection.read('claim a job', async (sql) => {
      const owners = await goneOwners(sql, at);
      return (await findClaimable(sql, at, owners)) ? owners : null;
    });
    if (gone === null) return null;
    return connection.write('claim a job', async (sql) => {
      for (;;) {
        const row = await findClaimable(sql, at, gone, claiming.lockClaimed);
        if (!row) return null;
        const job = parseMemoryJob(row.payload);
        if (job === null) {
          await giveUp(sql, row.id, 'not a job this version of memstack knows', at);
        } else if (row.attempts >= options.maxAttempts) {
          // Its lease ended that many times: the worker died (or hung) on it each time.
          await giveUp(sql, row.id, `its lease expired ${row.attempts} times`, at);
        } else {
          const leased = await sql.get<{ attempts: number }>(
            `UPDATE ${jobs} SET lease_owner = ?, lease_process = ?, lease_until = ?, attempts = attempts + 1
             WHERE id = ? RETURNING attempts`,
            [
              options.worker,
              liveness?.describe(options.worker) ?? null,
              new Date(at.getTime() + options.leaseMs),
              row.id,
            ],
          );
          return { id: String(row.id), job, attempts: Number(leased?.attempts) };
        }
      }
    });
  };

  /** Ends a lease `worker` still holds: false when it no longer does (it ended and another took the job). */
  const settle = (operation: string, id: string, worker: string, set: string, values: SqlValue[], done = false) =>
    rowId(id) === null
      ? Promise.resolve(false)
      : connection.write(operation, async (sql) => {
          const changed = await sql.run(
            `UPDATE ${jobs} SET lease_owner = NULL, lease_until = NULL, ${set}
             WHERE id = ? AND lease_owner = ? AND state = 'queued'`,
            [...values, rowId(id), worker],
          );
          if (changed > 0 && done) {
            // The newest finished jobs are kept; older ones go as new ones finish.
            await sql.run(
              `DELETE FROM ${jobs} WHERE state = 'done' AND id <= (
                 SELECT id FROM ${jobs} WHERE state = 'done' ORDER BY id DESC LIMIT 1 OFFSET ${KEPT_DONE_JOBS})`,
            );
          }
          return changed > 0;
        });

  const listed: Record<JobState, string> = {
    // A queued job is running while a worker's lease on it lasts.
    queued: "state = 'queued' AND (lease_until IS NULL OR lease_until <= ?)",
    running: "state = 'queued' AND lease_until > ?",
    done: "state = 'done'",
    failed: "state = 'failed'",
  };

  return {
    enqueue: async (sql, job, at) => {
      await insert(sql, job, at);
    },
    dropSessions: async (sql, sessionKeys) => {
      for (let start = 0; start < sessionKeys.length; start += DROP_BATCH) {
        const batch = sessionKeys.slice(start, start + DROP_BATCH);
        await sql.run(`DELETE FROM ${jobs} WHERE session_key IN (${marks(batch)})`, batch);
      }
    },
    jobs: {
      enqueue: (job, options) => connection.write('enqueue a job', (sql) => insert(sql, job, options.at)),
      claim,
      complete: (id, worker) =>
        settle('complete a job', id, worker, "state = 'done', finished_at = ?", [new Date()], true),
      fail: (id, worker, { error, retryAt }) =>
        retryAt === null
          ? settle('fail a job', id, worker, "state = 'failed', error = ?, finished_at = ?", [error, new Date()])
          : settle('fail a job', id, worker, 'error = ?, run_at = ?', [error, retryAt]),
      failed: ({ limit }) =>
        connection.read('list failed jobs', async (sql) =>
          (
            await sql.all<JobRow>(
              `SELECT id, payload, attempts, error FROM ${jobs} WHERE state = 'failed' ORDER BY id LIMIT ?`,
              [limit],
            )
          ).map(
            (row): FailedJob => ({
              id: String(row.id),
              job: parseMemoryJob(row.payload) ?? { kind: 'purge' },
              attempts: row.attempts,
              error: row.error ?? '',
            }),
          ),
        ),
      list: ({ state, limit }) =>
        connection.read('list jobs', async (sql) => {
          const leased = state === 'queued' || state === 'running';
          const rows = await sql.all<JobViewRow>(
            `SELECT ${VIEW_COLUMNS} FROM ${jobs} WHERE ${listed[state]} ORDER BY id DESC LIMIT ?`,
            leased ? [new Date(), limit] : [limit],
          );
          return rows.map((row) => toJobView(row, state));
        }),
    },
  };
}

/** A job id as the table keeps it; null for text no job of this queue has. */
function rowId(id: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
}

/** One `?` per value, for an `IN` list. */
function marks(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

function toJobView(row: JobViewRow, state: JobState): JobView {
  return {
    id: String(row.id),
    job: parseMemoryJob(row.payload) ?? { kind: 'purge' },
    state,
    attempts: row.attempts,
    error: row.error,
    createdAt: sqlDate(row.created_at),
    runAt: sqlDate(state === 'running' && row.lease_until !== null ? row.lease_until : row.run_at),
    finishedAt: sqlDateOrNull(row.finished_at),
  };
}
