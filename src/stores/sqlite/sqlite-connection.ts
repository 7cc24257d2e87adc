import { oneAtATime } from '../sql/one-at-a-time.js';
import type { Sql, SqlConnection, SqlValue } from '../sql/sql.js';
import type { SqliteDatabase, SqliteStatement } from './sqlite-database.js';
import { waitOutLocks } from './wait-out-locks.js';

/** Statements kept prepared: the shared ones are few; a statement built per call (an `IN` list) takes a slot. */
const PREPARED_STATEMENTS = 256;

/**
 * better-sqlite3 as a `SqlConnection`. The driver is synchronous and has one session with SQLite, so calls take
 * turns (an open transaction's statements never interleave with another call's). A write begins with the write lock
 * (`BEGIN IMMEDIATE`): a transaction that read first could not take it later if another process committed meanwhile.
 * A lock another process holds is waited out asleep between attempts, for up to `busyTimeoutMs`, then `STORE_BUSY`;
 * a closed database is `STORE_CLOSED`; any other driver error is `STORE_QUERY_FAILED`.
 */
export function sqliteConnection(database: SqliteDatabase, options: { busyTimeoutMs: number }): SqlConnection {
  const prepared = new Map<string, SqliteStatement>();
  const statement = (text: string): SqliteStatement => {
    let found = prepared.get(text);
    if (found === undefined) {
      found = database.prepare(text);
      if (prepared.size >= PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value as string);
      prepared.set(text, found);
    }
    return found;
  };
  const sql: Sql = {
    all: async <Row>(text: string, values: readonly SqlValue[] = []) =>
      statement(text).all(...values.map(toSqlite)) as Row[],
    get: async <Row>(text: string, values: readonly SqlValue[] = []) =>
      statement(text).get(...values.map(toSqlite)) as Row | undefined,
    run: async (text, values = []) => statement(text).run(...values.map(toSqlite)).changes,
  };
  const inTurn = oneAtATime();

  /** Runs `once` in turn, out of turn while asleep between attempts at another process's lock. */
  const attempts = <T>(operation: string, once: () => Promise<T>): Promise<T> =>
    waitOutLocks(operation, { busyTimeoutMs: options.busyTimeoutMs, isClosed: () => !database.open }, () =>
      inTurn(once),
    );

  return {
    get closed() {
      return !database.open;
    },
    read: (operation, run) => attempts(operation, () => run(sql)),
    write: (operation, run) =>
      attempts(operation, async () => {
        // Inside a transaction the caller opened on the database (a bulk load), a savepoint of it, as
        // better-sqlite3's transaction functions nest.
        const nested = database.inTransaction;
        database.exec(nested ? 'SAVEPOINT write' : 'BEGIN IMMEDIATE');
        try {
          const result = await run(sql);
          database.exec(nested ? 'RELEASE write' : 'COMMIT');
          return result;
        } catch (error) {
          // SQLite may have rolled back already (a full disk, an interrupted statement).
          if (database.open && database.inTransaction)
            database.exec(nested ? 'ROLLBACK TO write; RELEASE write' : 'ROLLBACK');
          throw error;
        }
      }),
    close: async () => {
      if (database.open) await inTurn(async () => database.close());
    },
  };
}

/** A value as SQLite keeps it: a time as epoch milliseconds, a boolean as 0 or 1. */
export function toSqlite(value: SqlValue): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
