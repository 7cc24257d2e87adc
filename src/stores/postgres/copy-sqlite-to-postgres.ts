import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parseMemoryJob } from '../../core/validation/parse-memory-job.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type { SqliteDatabase } from '../sqlite/sqlite-database.js';
import type { PostgresMemoryStore } from './postgres-store.js';
import { type Cell, TABLES } from './tables-to-copy.js';

/** How far a copy is: rows copied so far, of `total` (every row of every table, and the pending jobs). */
export interface CopyProgress {
  table: string;
  done: number;
  total: number;
}

/** What a copy wrote, per table. */
export interface CopyReport {
  sessions: number;
  turns: number;
  facts: number;
  traces: number;
  systems: number;
  /** Items of session item logs (`ItemLog`). */
  items: number;
  jobs: number;
}

/** Rows read from SQLite and written to Postgres at a time: the event loop runs between batches. */
const BATCH = 500;

/**
 * Copies everything a SQLite store holds into an empty Postgres store, with the same ids: sessions (pins, summaries,
 * cursors), turns with their index documents, facts with theirs (superseded ones and use counts included), the
 * inspector's traces, and the jobs still pending (queued ones, and ones a worker held: they run again). In one
 * transaction: a copy that fails leaves the Postgres store empty, and can be run again. Refuses a store that holds
 * anything already (ids would collide).
 */
export async function copySqliteToPostgres(
  from: SqliteDatabase,
  to: PostgresMemoryStore,
  options: { onProgress?: (progress: CopyProgress) => void } = {},
): Promise<CopyReport> {
  const s = `"${to.schema}"`;
  const present = new Set(
    (from.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map(
      (row) => row.name,
    ),
  );
  const tables = TABLES.filter((table) => !table.later || present.has(table.target));
  const counts = tables.map((table) => Number((from.prepare(table.count).get() as { n: number }).n));
  const pending = from.prepare("SELECT id, payload FROM jobs WHERE state = 'queued' ORDER BY id").all() as Array<{
    id: number;
    payload: string;
  }>;
  const total = counts.reduce((sum, count) => sum + count, 0) + pending.length;
  const report: CopyReport = { sessions: 0, turns: 0, facts: 0, traces: 0, systems: 0, items: 0, jobs: 0 };
  let done = 0;
  const client = await to.pool.connect();
  try {
    await client.query('BEGIN');
    const held = await client.query(
      `SELECT (SELECT count(*) FROM ${s}.sessions) + (SELECT count(*) FROM ${s}.facts) AS n`,
    );
    if (Number(held.rows[0]?.n) > 0) {
      throw new StoreError(
        'STORE_QUERY_FAILED',
        `the Postgres schema ${to.schema} holds memory already: copy into an empty one (ids would collide)`,
      );
    }
    for (const table of tables) {
      const statement = from.prepare(table.select);
      const columns = table.columns.map(([column]) => column).join(', ');
      const arrays = table.columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
      const overriding = table.columns.some(([column]) => column === 'id') ? 'OVERRIDING SYSTEM VALUE' : '';
      const insert = `INSERT INTO ${s}.${table.target} (${columns}) ${overriding} SELECT * FROM unnest(${arrays})`;
      for (let after = 0; ; ) {
        const rows = statement.all({ after, limit: BATCH }) as Array<Record<string, unknown>>;
        if (rows.length === 0) break;
        const values = table.columns.map(() => [] as Cell[]);
        for (const row of rows) {
          for (const [index, cell] of table.map(row).entries()) values[index]?.push(cell);
        }
        await client.query(insert, values);
        after = table.next(rows, after);
        if (table.target !== 'turn_index') {
          report[table.name] += rows.length;
          done += rows.length;
          options.onProgress?.({ table: table.target, done, total });
        }
        await yieldToEventLoop();
      }
    }
    // New rows continue after the copied ids.
    for (const table of ['turns', 'facts', 'session_items']) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${s}.${table}', 'id'), coalesce((SELECT max(id) FROM ${s}.${table}), 0) + 1, false)`,
      );
    }
    // Into the store's queue (when it keeps one), due now, as the tables' rows.
    if (to.jobs) {
      for (const job of pending) {
        const parsed = parseMemoryJob(job.payload);
        if (parsed === null) continue;
        await client.query(
          `INSERT INTO ${s}.jobs (session_key, payload, run_at, created_at) VALUES ($1, $2, now(), now())`,
          [parsed.kind === 'extract' ? parsed.sessionKey : null, JSON.stringify(parsed)],
        );
        report.jobs += 1;
        done += 1;
        options.onProgress?.({ table: 'jobs', done, total });
      }
    }
    await client.query('COMMIT');
    return report;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    if (StoreError.isInstance(error)) throw error;
    throw new StoreError('STORE_QUERY_FAILED', `the copy to Postgres failed, nothing was kept: ${String(error)}`, {
      cause: error,
    });
  } finally {
    client.release();
  }
}
