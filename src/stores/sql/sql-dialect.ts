import type { SqlConnection } from './sql.js';

/**
 * What the shared store domain (`src/stores/sql/`) needs of an SQL engine besides its connection: how a statement
 * names a table, and the few clauses that differ. The pieces that differ more (full-text search, index writes, the
 * job queue's claim) are small interfaces of their own, declared by the shared module that uses them, and each
 * engine's folder implements them.
 */
export interface SqlDialect {
  readonly name: string;
  readonly connection: SqlConnection;
  /** A table's name as a statement writes it (schema-qualified on Postgres). */
  table(name: string): string;
  /**
   * Appended to a SELECT whose rows must stay locked until the transaction commits (`FOR UPDATE` on Postgres); empty
   * where a write transaction holds the whole database's write lock (SQLite).
   */
  readonly lockRows: string;
}
