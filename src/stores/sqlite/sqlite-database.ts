/**
 * The few parts of a better-sqlite3 `Database` the store uses, declared structurally so that a user can pass their
 * own instance (and so that the driver's types do not leak into memstack's API).
 */
export interface SqliteStatement {
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
}

export type SqliteTransaction<F> = F & { readonly immediate: F; readonly deferred: F };

export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** better-sqlite3's transaction wrapper: `.immediate` begins with the write lock (`BEGIN IMMEDIATE`). */
  transaction<F extends (...parameters: never[]) => unknown>(fn: F): SqliteTransaction<F>;
  close(): unknown;
  readonly open: boolean;
  /** The file the database was opened from (`:memory:` or '' when it has none). */
  readonly name?: string;
  readonly inTransaction: boolean;
}
