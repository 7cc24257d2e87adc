import type pg from 'pg';
import PgBoss from 'pg-boss';
import { parseMemoryJob } from '../../core/validation/parse-memory-job.js';
import type { MemoryJob } from '../../spec/job-queue.js';
import type { ClaimedJob, FailedJob, JobState, JobView } from '../../spec/job-store.js';
import { laneOf } from './lane-of.js';
import type { PostgresJobs } from './postgres-jobs.js';

export interface PgBossJobsOptions {
  /** The store's pool: pg-boss runs its queries on it (it never ends it). */
  pool: pg.Pool;
  /** The store's schema: pg-boss keeps its tables in `<schema>_jobs`. */
  schema: string;
  /**
   * Extraction queues (each runs one job at a time across every process, in order): at most this many extractions run
   * at once, whatever the number of workers. A session always falls in the same lane. Default 16.
   */
  lanes?: number;
  /** How long a claimed job is its worker's (pg-boss's `expireInSeconds`, whole seconds). Default 2 minutes. */
  leaseMs?: number;
  /** Attempts before a job is kept as failed (a throw, or a lease that expired). Default 3. */
  maxAttempts?: number;
  /** The pause before the first retry (whole seconds); each retry waits about twice longer, with jitter. */
  retryMs?: number;
  /** How often pg-boss's maintenance fails expired leases (shared by every process). Default 30 s. */
  maintenanceIntervalSeconds?: number;
  /** Told of an error in pg-boss's maintenance (the next run tries again). */
  onError?: (error: unknown) => void;
}

type BossState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

interface JobRow {
  id: string;
  name: string;
  data: unknown;
  state: BossState;
  attempts: number;
  error: string | null;
  created_on: Date;
  run_at: Date;
  completed_on: Date | null;
}

/** The states of pg-boss a `JobState` covers. */
const BOSS_STATES: Record<JobState, readonly BossState[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  done: ['completed'],
  failed: ['failed'],
};

/** An adapter to pg-boss's `db` option: its queries on our pool, or inside our transaction on a client. */
const onConnection = (connection: pg.Pool | pg.PoolClient) => ({
  executeSql: (text: string, values?: unknown[]) => connection.query(text, values),
});

/**
 * The Postgres store's durable queue on pg-boss (decision 20). Extraction jobs go to the lane queue of their session
 * (policy `singleton`: one active job per lane), purges to a standard queue. pg-boss keeps the leases (a job active
 * past `expireInSeconds` is failed by its maintenance, then retried), the retries with backoff and the failed jobs with
 * their error; this adapter adds the claim token (`complete` and `fail` by a worker whose lease another took do
 * nothing) and the reads for tools.
 */
export function pgBossJobs(options: PgBossJobsOptions): PostgresJobs {
  const { pool } = options;
  const lanes = options.lanes ?? 16;
  const bossSchema = `${options.schema}_jobs`;
  const table = (name: 'job' | 'archive') => `"${bossSchema}".${name}`;
  const laneNames = Array.from({ length: lanes }, (_, lane) => `memstack-extract-${String(lane).padStart(2, '0')}`);
  const purgeQueue = 'memstack-purge';
  const queueNames = [...laneNames, purgeQueue];
  const leaseSeconds = Math.max(1, Math.ceil((options.leaseMs ?? 120_000) / 1000));
  const boss = new PgBoss({
    db: onConnection(pool),
    schema: bossSchema,
    // No cron, no state monitor: only the maintenance (expired leases, archiving) runs.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (error) => options.onError?.(error));
  /** The claims this process holds: the retry count it was claimed at is its token (a new claim increments it). */
  const held = new Map<string, { worker: string; name: string; retryCount: number }>();

  const queueOf = (job: MemoryJob): string =>
    job.kind === 'extract' ? (laneNames[laneOf(job.sessionKey, lanes)] as string) : purgeQueue;
  const send = async (db: pg.Pool | pg.PoolClient, job: MemoryJob, at: Date): Promise<string> => {
    const id = await boss.send(queueOf(job), job, {
      // A job due now waits for nothing (the database's clock decides); a later one starts at its time.
      ...(at.getTime() > Date.now() ? { startAfter: at } : {}),
      // A lane runs the oldest exchange first. pg-boss orders by priority, then by creation time, which is when the
      // enqueuing transaction began: two exchanges of a session written at once (or several jobs copied in one
      // migration) may begin in one order and commit in the other, and a later job run first would leave the
      // earlier one nothing to do (the cursor is past it). The turn ids are in commit order.
      ...(job.kind === 'extract' ? { priority: Math.max(-2_147_483_648, -job.throughTurnId) } : {}),
      db: onConnection(db),
    });
    if (id === null) throw new Error(`pg-boss did not take the job for ${queueOf(job)}`);
    return id;
  };
  /**
   * Runs `settle` on a job this worker holds, in a transaction that locks it first (still active, at the retry count
   * it was claimed at); false, without running it, when the lease went to another claim or the job is gone.
   */
  const settle = async (
    id: string,
    worker: string,
    run: (client: pg.PoolClient, name: string, retryCount: number) => Promise<void>,
  ): Promise<boolean> => {
    const claim = held.get(id);
    if (!claim || claim.worker !== worker) return false;
    held.delete(id);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const locked = await client.query(
        `SELECT 1 FROM ${table('job')} WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3 FOR UPDATE`,
        [claim.name, id, claim.retryCount],
      );
      if (locked.rowCount === 0) {
        await client.query('ROLLBACK');
        return false;
      }
      await run(client, claim.name, claim.retryCount);
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  /** The jobs in some of pg-boss's states, from its live table and its archive. */
  const select = async (states: readonly BossState[], order: string, limit: number): Promise<JobRow[]> => {
    const columns = `id, name, data, state, created_on, completed_on,
      retry_count + CASE WHEN started_on IS NULL THEN 0 ELSE 1 END AS attempts,
      coalesce(output->>'message', output->'value'->>'message', output::text) AS error,
      CASE WHEN state = 'active' THEN started_on + expire_in ELSE start_after END AS run_at`;
    const where = 'name = ANY($1) AND state::text = ANY($2)';
    const archived = states.some((state) => state === 'completed' || state === 'failed');
    const { rows } = await pool.query<JobRow>(
      `SELECT * FROM (SELECT ${columns} FROM ${table('job')} WHERE ${where}
       ${archived ? `UNION ALL SELECT ${columns} FROM ${table('archive')} WHERE ${where}` : ''}) AS jobs
       ORDER BY ${order} LIMIT $3`,
      [queueNames, states, limit],
    );
    return rows;
  };
  const fetchOne = async (db: pg.Pool | pg.PoolClient, name: string) =>
    (await boss.fetch<unknown>(name, { includeMetadata: true, db: onConnection(db) }))[0];
  /**
   * A lane's oldest due job, or nothing when its job is active already (pg-boss swallows the unique index's refusal).
   * One fetch at a time per lane, under an advisory lock: two at once would have the second skip the row the first
   * locked (`SKIP LOCKED`) and take the next job of the lane, out of order, when the first's update is refused.
   */
  const fetchFromLane = async (name: string) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
        [`${bossSchema}.${name}`],
      );
      // Another claimer is fetching from this lane right now: the job is its.
      const fetched = rows[0]?.locked ? await fetchOne(client, name) : undefined;
      await client.query('COMMIT');
      return fetched;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const fail: PostgresJobs['fail'] = (id, worker, failure) =>
    settle(id, worker, async (client, name) => {
      // Given up now: pg-boss fails a job whose retries are spent, rather than retrying it.
      if (failure.retryAt === null) {
        await client.query(`UPDATE ${table('job')} SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [
          name,
          id,
        ]);
      }
      await boss.fail(name, id, { message: failure.error }, { db: onConnection(client) });
    });
  const jobOf = (row: JobRow): MemoryJob => parseMemoryJob(JSON.stringify(row.data)) ?? { kind: 'purge' };

  /** Creates (or migrates) pg-boss's schema, then the queues with this start's settings. */
  const startQueues = async (): Promise<void> => {
    await boss.start();
    const queue = {
      retryLimit: (options.maxAttempts ?? 3) - 1,
      retryDelay: Math.max(1, Math.ceil((options.retryMs ?? 1000) / 1000)),
      retryBackoff: true,
      expireInSeconds: leaseSeconds,
    };
    for (const name of queueNames) {
      const options = { ...queue, name, policy: name === purgeQueue ? 'standard' : 'singleton' } as const;
      // Idempotent (an insert that does nothing on conflict); then the settings of this start, for the jobs sent from
      // now on (a job keeps those it was sent with).
      await boss.createQueue(name, options);
      await boss.updateQueue(name, options);
    }
  };
  return {
    async start() {
      // pg-boss creates its schema and queues under locks of its own, yet processes starting on a new schema at once
      // still collide there (a duplicate schema, deadlocks between queue partitions): one process at a time starts it.
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', ['memstack.jobs', options.schema]);
        await startQueues();
      } finally {
        await lock
          .query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', ['memstack.jobs', options.schema])
          .catch(() => {});
        lock.release();
      }
    },
    async stop() {
      await boss.stop({ graceful: false, close: false });
    },
    enqueue: (job, { at }) => send(pool, job, at),
    enqueueWith: (client, job, at) => send(client, job, at),
    async claim({ worker }): Promise<ClaimedJob | null> {
      // One look for the queues with a due job (an idle poll costs one query), then a fetch from each, starting at a
      // random one so that no lane is always served first.
      const { rows } = await pool.query<{ name: string }>(
        `SELECT DISTINCT name FROM ${table('job')} WHERE name = ANY($1) AND state < 'active' AND start_after < now()`,
        [queueNames],
      );
      const due = new Set(rows.map((row) => row.name));
      const start = Math.floor(Math.random() * queueNames.length);
      for (let index = 0; index < queueNames.length; index += 1) {
        const name = queueNames[(start + index) % queueNames.length] as string;
        if (!due.has(name)) continue;
        const fetched = name === purgeQueue ? await fetchOne(pool, name) : await fetchFromLane(name);
        if (!fetched) continue;
        const job = parseMemoryJob(JSON.stringify(fetched.data));
        held.set(fetched.id, { worker, name, retryCount: fetched.retryCount });
        if (job === null) {
          await fail(fetched.id, worker, { error: 'not a job this version of memstack knows', retryAt: null });
          continue;
        }
        return { id: fetched.id, job, attempts: fetched.retryCount + 1 };
      }
      return null;
    },
    complete: (id, worker) =>
      settle(id, worker, async (client, name) => {
        // With data before the options, as the code reads them (its types also allow `complete(name, id, options)`, which
        // it would store as the output and run outside our transaction).
        await boss.complete(name, id, {}, { db: onConnection(client) });
      }),
    fail,
    async failed({ limit }): Promise<FailedJob[]> {
      const rows = await select(['failed'], 'completed_on, created_on, id', limit);
      return rows.map((row) => ({ id: row.id, job: jobOf(row), attempts: row.attempts, error: row.error ?? '' }));
    },
    async list({ state, limit }): Promise<JobView[]> {
      const rows = await select(BOSS_STATES[state], 'created_on DESC, id DESC', limit);
      return rows.map((row) => ({
        id: row.id,
        job: jobOf(row),
        state,
        attempts: row.attempts,
        error: state === 'done' ? null : row.error,
        createdAt: row.created_on,
        runAt: row.run_at,
        finishedAt: state === 'done' || state === 'failed' ? row.completed_on : null,
      }));
    },
    async dropSessions(client, sessionKeys) {
      if (sessionKeys.length === 0) return;
      for (const name of ['job', 'archive'] as const) {
        await client.query(`DELETE FROM ${table(name)} WHERE name = ANY($1) AND data->>'sessionKey' = ANY($2)`, [
          laneNames,
          sessionKeys,
        ]);
      }
    },
  };
}
