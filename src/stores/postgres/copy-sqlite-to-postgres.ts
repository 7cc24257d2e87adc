import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parseMemoryJob } from '../../core/validation/parse-memory-job.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type { SqliteDatabase } from '../sqlite/sqlite-database.js';
import type { PostgresMemoryStore } from './postgres-store.js';

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

type Cell = string | number | boolean | Date | Buffer | null;
interface TableCopy {
  name: keyof CopyReport;
  /** The Postgres table and its columns, with their array types for `unnest`. */
  target: string;
  columns: ReadonlyArray<readonly [column: string, type: string]>;
  /** The SQLite query of one batch (`@limit` rows after `@after`), and the `@after` of the next one. */
  select: string;
  next: (rows: Array<Record<string, unknown>>, after: number) => number;
  map: (row: Record<string, unknown>) => Cell[];
  count: string;
  /** A table a later migration added: a file from before it (copied as it is) has none, and nothing to copy. */
  later?: true;
}

const ms = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(Number(value)));
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const int = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const bytes = (value: unknown): Buffer | null => (value instanceof Uint8Array ? Buffer.from(value) : null);

/**
 * The tables, in an order that keeps every reference valid. Index documents are copied as SQLite holds them (the
 * core's tokens, decision 15), not computed again: the copy ranks exactly as the original did.
 */
const TABLES: readonly TableCopy[] = [
  {
    name: 'sessions',
    target: 'sessions',
    columns: [
      ['key', 'text'],
      ['uuid', 'text'],
      ['agent_id', 'text'],
      ['channel_id', 'text'],
      ['thread_id', 'text'],
      ['pin_task', 'text'],
      ['pin_task_user_id', 'text'],
      ['pin_task_source', 'text'],
      ['pin_task_at', 'timestamptz'],
      ['pin_clarifications', 'jsonb'],
      ['pin_attempts', 'integer'],
      ['pin_version', 'integer'],
      ['task_source_turn_id', 'bigint'],
      ['summary', 'text'],
      ['summary_through', 'bigint'],
      ['history_version', 'integer'],
      ['extracted_through', 'bigint'],
      ['system_pin', 'text'],
      ['system_pin_at', 'timestamptz'],
      ['model_state', 'jsonb'],
      ['first_user_id', 'text'],
      ['shared', 'boolean'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    select: 'SELECT rowid AS _rowid, * FROM sessions WHERE rowid > @after ORDER BY rowid LIMIT @limit',
    next: (rows) => Number(rows.at(-1)?._rowid),
    map: (row) => [
      text(row.key),
      text(row.uuid),
      text(row.agent_id),
      text(row.channel_id),
      text(row.thread_id),
      text(row.pin_task),
      text(row.pin_task_user_id),
      text(row.pin_task_source),
      ms(row.pin_task_at),
      text(row.pin_clarifications) ?? '[]',
      int(row.pin_attempts),
      int(row.pin_version),
      int(row.task_source_turn_id),
      text(row.summary),
      int(row.summary_through),
      int(row.history_version),
      int(row.extracted_through),
      text(row.system_pin),
      ms(row.system_pin_at),
      text(row.model_state) ?? '{}',
      text(row.first_user_id),
      Number(row.shared) === 1,
      ms(row.created_at),
      ms(row.updated_at),
    ],
    count: 'SELECT count(*) AS n FROM sessions',
  },
  {
    name: 'turns',
    target: 'turns',
    columns: [
      ['id', 'bigint'],
      ['session_key', 'text'],
      ['role', 'text'],
      ['text', 'text'],
      ['user_id', 'text'],
      ['tokens', 'integer'],
      ['input_tokens', 'integer'],
      ['output_tokens', 'integer'],
      ['cache_read_tokens', 'integer'],
      ['cache_write_tokens', 'integer'],
      ['path', 'text'],
      ['memory_tokens', 'integer'],
      ['cache_miss', 'text'],
      ['created_at', 'timestamptz'],
      ['vector', 'bytea'],
      ['vector_model', 'text'],
      ['request_key', 'text'],
    ],
    select: 'SELECT * FROM turns WHERE id > @after ORDER BY id LIMIT @limit',
    next: (rows) => Number(rows.at(-1)?.id),
    map: (row) => [
      int(row.id),
      text(row.session_key),
      text(row.role),
      text(row.text),
      text(row.user_id),
      int(row.tokens),
      int(row.input_tokens),
      int(row.output_tokens),
      int(row.cache_read_tokens),
      int(row.cache_write_tokens),
      text(row.path),
      int(row.memory_tokens),
      text(row.cache_miss),
      ms(row.created_at),
      bytes(row.vector),
      text(row.vector_model),
      text(row.request_key),
    ],
    count: 'SELECT count(*) AS n FROM turns',
  },
  {
    name: 'turns',
    target: 'turn_index',
    columns: [
      ['turn_id', 'bigint'],
      ['session_key', 'text'],
      ['text', 'text'],
      ['context', 'text'],
      ['dated', 'text'],
      ['grams', 'text'],
      ['context_grams', 'text'],
    ],
    // The two FTS5 tables' contents: the words (session, text, context, dated) and the grams (session, grams, context).
    // (Their first column is a token of the session, for FTS5's own filter: the key is the turn's.)
    select: `SELECT w.id, t.session_key, w.c1 AS text, w.c2 AS context, w.c3 AS dated,
        coalesce(g.c1, '') AS grams, coalesce(g.c2, '') AS context_grams
      FROM turns_words_content AS w JOIN turns AS t ON t.id = w.id LEFT JOIN turns_cjk_content AS g ON g.id = w.id
      WHERE w.id > @after ORDER BY w.id LIMIT @limit`,
    next: (rows) => Number(rows.at(-1)?.id),
    map: (row) => [
      int(row.id),
      text(row.session_key),
      text(row.text) ?? '',
      text(row.context) ?? '',
      text(row.dated) ?? '',
      text(row.grams) ?? '',
      text(row.context_grams) ?? '',
    ],
    count: 'SELECT 0 AS n',
  },
  {
    name: 'facts',
    target: 'facts',
    columns: [
      ['id', 'bigint'],
      ['agent_id', 'text'],
      ['user_id', 'text'],
      ['text', 'text'],
      ['text_tokens', 'text'],
      ['grams', 'text'],
      ['context', 'text'],
      ['context_tokens', 'text'],
      ['context_grams', 'text'],
      ['dated', 'text'],
      ['hash', 'text'],
      ['source', 'text'],
      ['source_session_key', 'text'],
      ['source_turn_id', 'bigint'],
      ['context_turn_ids', 'jsonb'],
      ['keywords', 'text'],
      ['created_at', 'timestamptz'],
      ['last_used_at', 'timestamptz'],
      ['access_count', 'integer'],
      ['superseded_by', 'bigint'],
      ['vector', 'bytea'],
      ['vector_model', 'text'],
    ],
    select: 'SELECT * FROM facts WHERE id > @after ORDER BY id LIMIT @limit',
    next: (rows) => Number(rows.at(-1)?.id),
    map: (row) => [
      int(row.id),
      text(row.agent_id),
      text(row.user_id),
      text(row.text),
      text(row.text_tokens) ?? '',
      text(row.grams) ?? '',
      text(row.context) ?? '',
      text(row.context_tokens) ?? '',
      text(row.context_grams) ?? '',
      text(row.dated) ?? '',
      text(row.hash),
      text(row.source),
      text(row.source_session_key),
      int(row.source_turn_id),
      text(row.context_turn_ids) ?? '[]',
      text(row.keywords),
      ms(row.created_at),
      ms(row.last_used_at),
      int(row.access_count),
      int(row.superseded_by),
      bytes(row.vector),
      text(row.vector_model),
    ],
    count: 'SELECT count(*) AS n FROM facts',
  },
  {
    name: 'systems',
    target: 'sent_systems',
    columns: [
      ['session_key', 'text'],
      ['hash', 'text'],
      ['system', 'text'],
    ],
    // A table without row ids: by its key, a page at a time.
    select: 'SELECT * FROM sent_systems ORDER BY session_key, hash LIMIT @limit OFFSET @after',
    next: (rows, after) => after + rows.length,
    map: (row) => [text(row.session_key), text(row.hash), text(row.system)],
    count: 'SELECT count(*) AS n FROM sent_systems',
  },
  {
    name: 'traces',
    target: 'turn_traces',
    columns: [
      ['turn_id', 'bigint'],
      ['session_key', 'text'],
      ['trace', 'text'],
      ['format', 'text'],
      ['system_hash', 'text'],
      ['earlier_messages', 'integer'],
      ['current', 'text'],
    ],
    select: 'SELECT * FROM turn_traces WHERE turn_id > @after ORDER BY turn_id LIMIT @limit',
    next: (rows) => Number(rows.at(-1)?.turn_id),
    map: (row) => [
      int(row.turn_id),
      text(row.session_key),
      text(row.trace),
      text(row.format),
      text(row.system_hash),
      int(row.earlier_messages),
      text(row.current),
    ],
    count: 'SELECT count(*) AS n FROM turn_traces',
  },
  {
    name: 'items',
    target: 'session_items',
    columns: [
      ['id', 'bigint'],
      ['session_key', 'text'],
      ['agent_id', 'text'],
      ['channel_id', 'text'],
      ['thread_id', 'text'],
      ['user_id', 'text'],
      ['item', 'text'],
      ['created_at', 'timestamptz'],
    ],
    select: 'SELECT * FROM session_items WHERE id > @after ORDER BY id LIMIT @limit',
    next: (rows) => Number(rows.at(-1)?.id),
    map: (row) => [
      int(row.id),
      text(row.session_key),
      text(row.agent_id),
      text(row.channel_id),
      text(row.thread_id),
      text(row.user_id),
      text(row.item),
      ms(row.created_at),
    ],
    count: 'SELECT count(*) AS n FROM session_items',
    later: true,
  },
];

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
