import type { MemoryJob } from '../../spec/job-queue.js';
import type { FactCandidate, NewFact, SearchQuery, TurnCandidate } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import type { Sql, SqlConnection } from './sql.js';

/**
 * What the shared store domain (`src/stores/sql/`) needs of an SQL engine besides its connection: how a statement
 * names a table, and the few clauses that differ. The pieces that differ more (full-text search, index writes, the
 * job queue's claim) are small interfaces of their own, and each engine's folder implements them.
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

/**
 * Full-text search, ranked by the engine itself (FTS5's bm25 in SQLite, Postgres's own in Postgres): each runs its
 * own read on the connection and returns only the best `limit`, with the engine's relevance (higher is better,
 * comparable within one search).
 */
export interface SqlSearch {
  /** The scope's live facts that match, best first. */
  facts(scope: FactScope, query: SearchQuery, limit: number): Promise<FactCandidate[]>;
  /** The session's turns that match (only those before `beforeTurnId` when given), best first. */
  turns(
    sessionKey: string,
    query: SearchQuery,
    options: { limit: number; beforeTurnId?: number | undefined },
  ): Promise<TurnCandidate[]>;
}

/** The fact writes a store method makes inside its own transaction (`commitExtraction` writes facts with its cursor). */
export interface SqlFactWrites {
  insert(sql: Sql, scope: FactScope, fact: NewFact): Promise<{ id: number; inserted: boolean } | null>;
  touch(sql: Sql, scope: FactScope, ids: readonly number[], at: Date): Promise<void>;
  supersede(sql: Sql, scope: FactScope, id: number, byId: number): Promise<boolean>;
}

/** Enqueues a job inside the caller's transaction (the exchange's: an acknowledged turn always has its job). */
export type SqlEnqueue = (sql: Sql, job: MemoryJob, at: Date) => Promise<void>;
