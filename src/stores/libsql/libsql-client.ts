/**
 * The few parts of an `@libsql/client` `Client` the store uses, declared structurally so that a user can pass their
 * own client (local `file:`, remote `libsql://`/`https://`, or the web build) and the driver's types do not leak into
 * memstack's API.
 */
export type LibsqlValue = string | number | bigint | null | ArrayBuffer | Uint8Array;

export interface LibsqlResult {
  /** Rows whose columns are enumerable own properties (the driver adds indexes and `length` as non-enumerable). */
  readonly rows: ArrayLike<Record<string, unknown>>;
  readonly rowsAffected: number;
}

export interface LibsqlExecutor {
  execute(statement: { sql: string; args: LibsqlValue[] }): Promise<LibsqlResult>;
}

export interface LibsqlTransaction extends LibsqlExecutor {
  /** Runs a script of several statements (a migration). */
  executeMultiple(script: string): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** Rolls back what is still open and gives the transaction's connection back. */
  close(): void;
}

export interface LibsqlClient extends LibsqlExecutor {
  /** `'write'` begins with the write lock (`BEGIN IMMEDIATE`), on a connection the transaction holds alone. */
  transaction(mode: 'write'): Promise<LibsqlTransaction>;
  close(): void;
  /** Closes the client's connections and opens new ones as they are needed. */
  reconnect(): unknown;
  readonly closed: boolean;
  /** `'file'` for a local database; `'http'` or `'ws'` for a remote one. */
  readonly protocol: string;
}
