/**
 * A value a statement takes. A `Date` is a point in time, stored as its engine keeps one (epoch milliseconds in
 * SQLite, `timestamptz` in Postgres); a boolean, as its engine keeps one (0 or 1 in SQLite).
 */
export type SqlValue = string | number | boolean | null | Date | Uint8Array;

/**
 * Runs statements written with `?` placeholders, in order (a driver whose engine wants `$1` numbers them). Rows come
 * back as the engine gives them: read a time with `sqlDate`, JSON with `sqlJson`, a boolean with `Boolean`.
 */
export interface Sql {
  all<Row>(text: string, values?: readonly SqlValue[]): Promise<Row[]>;
  get<Row>(text: string, values?: readonly SqlValue[]): Promise<Row | undefined>;
  /** Runs a statement that returns no rows; resolves to how many rows it changed. */
  run(text: string, values?: readonly SqlValue[]): Promise<number>;
}

/**
 * A database as the shared store domain uses it. Every call is one operation, named for its errors (`cannot
 * <operation>: ...`, a `StoreError`); `run` must only run statements on the `sql` it is given (never call the
 * connection again inside it: a connection with one session to the engine waits for itself).
 */
export interface SqlConnection {
  /** Reads, each statement seeing what was committed before it. */
  read<T>(operation: string, run: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * One write transaction, committed when `run` resolves and rolled back when it throws. Run again whole when the
   * engine gives it up for a lock or a conflict before anything of it was committed, so `run` must have no other
   * effect than its statements.
   */
  write<T>(operation: string, run: (sql: Sql) => Promise<T>): Promise<T>;
  readonly closed: boolean;
  close(): Promise<void>;
}

/** A stored time: SQLite keeps epoch milliseconds, Postgres gives a `Date`. */
export function sqlDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(Number(value));
}

/** A stored time that may be absent. */
export function sqlDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : sqlDate(value);
}

/**
 * A stored JSON value: SQLite keeps the text, Postgres's `jsonb` comes back parsed. Written only by the store, but a
 * file may have been edited by hand: what does not parse reads as nothing (null), never as a crash.
 */
export function sqlJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** Stored bytes: better-sqlite3 and pg give a `Buffer`, libSQL an `ArrayBuffer`; anything else reads as none. */
export function sqlBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  return value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(0);
}
