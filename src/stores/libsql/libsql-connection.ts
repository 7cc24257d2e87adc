import { oneAtATime } from '../sql/one-at-a-time.js';
import type { Sql, SqlConnection, SqlValue } from '../sql/sql.js';
import { toSqlite } from '../sqlite/sqlite-connection.js';
import { waitOutLocks } from '../sqlite/wait-out-locks.js';
import type { LibsqlClient, LibsqlExecutor, LibsqlValue } from './libsql-client.js';
import { reconnectAfterLock } from './reconnect-after-lock.js';

/**
 * An `@libsql/client` client as a `SqlConnection`, with the SQLite connection's semantics. A write is one
 * transaction on a connection of its own that begins with the write lock (`BEGIN IMMEDIATE`). Calls take turns: a
 * local client's driver is synchronous, so a second write transaction of this process would wait for the first
 * inside SQLite's busy handler with the event loop stopped, and the first could never commit; an in-memory client
 * has a single connection, which an open transaction holds. A lock another process holds is waited out asleep
 * between attempts, for up to `busyTimeoutMs`, then `STORE_BUSY`; a closed client is `STORE_CLOSED`; any other
 * error is `STORE_QUERY_FAILED`.
 *
 * Pragmas are per connection, and the client opens its connections itself: give it a short `timeout` (SQLite's own
 * busy wait, which blocks), switch a file to WAL once (the file keeps it), and rely on the driver's build for
 * `foreign_keys` (on by default). `secure_delete` is set by each write on its transaction's connection.
 */
export function libsqlConnection(client: LibsqlClient, options: { busyTimeoutMs: number }): SqlConnection {
  const inTurn = oneAtATime();
  const local = client.protocol === 'file';
  const attempts = <T>(operation: string, once: () => Promise<T>): Promise<T> =>
    waitOutLocks(operation, { busyTimeoutMs: options.busyTimeoutMs, isClosed: () => client.closed }, () =>
      inTurn(() => reconnectAfterLock(client, once)),
    );
  return {
    get closed() {
      return client.closed;
    },
    read: (operation, run) => attempts(operation, () => run(sqlOn(client))),
    write: (operation, run) =>
      attempts(operation, async () => {
        // WAL's safe fast mode, as the SQLite store has it; not settable inside a transaction, so set on the
        // connection the client lends next (the one it took back last), which the transaction then gets. A client
        // that lends another loses only the speed.
        if (local) await client.execute({ sql: 'PRAGMA synchronous = NORMAL', args: [] });
        const transaction = await client.transaction('write');
        try {
          // Deleted content is overwritten, not left in free pages (a remote server keeps its own setting).
          if (local) await transaction.execute({ sql: 'PRAGMA secure_delete = ON', args: [] });
          const result = await run(sqlOn(transaction));
          await transaction.commit();
          return result;
        } finally {
          // Rolls back what a failed `run` or commit left open; nothing once committed.
          transaction.close();
        }
      }),
    close: async () => {
      if (!client.closed) await inTurn(async () => client.close());
    },
  };
}

function sqlOn(executor: LibsqlExecutor): Sql {
  const execute = (sql: string, values: readonly SqlValue[]) =>
    executor.execute({ sql, args: values.map((value) => toSqlite(value) as LibsqlValue) });
  return {
    all: async <Row>(text: string, values: readonly SqlValue[] = []) =>
      Array.from((await execute(text, values)).rows, plainRow) as Row[],
    get: async <Row>(text: string, values: readonly SqlValue[] = []) => {
      const { rows } = await execute(text, values);
      return (rows.length > 0 ? plainRow(rows[0] as Record<string, unknown>) : undefined) as Row | undefined;
    },
    run: async (text, values = []) => {
      const { rows, rowsAffected } = await execute(text, values);
      // The local driver counts no change for a statement with RETURNING: it returns one row per changed row.
      return Math.max(rowsAffected, rows.length);
    },
  };
}

/** A row as a plain object of its columns; a blob as bytes, as better-sqlite3 gives it. */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    plain[column] = value instanceof ArrayBuffer ? new Uint8Array(value) : value;
  }
  return plain;
}
