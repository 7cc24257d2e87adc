import type { ItemLog } from '../../spec/item-log.js';
import type { MemoryStore, TurnSearch } from '../../spec/memory-store.js';
import type { StoreBrowser } from '../../spec/store-browser.js';
import type { VectorStore } from '../../spec/vector-store.js';
import type { SqlDialect, SqlSearch } from './sql-dialect.js';
import { type FactIndexColumns, sqlFactStore } from './sql-fact-store.js';
import { type SqlForgetParts, sqlForget } from './sql-forget.js';
import { sqlItemLog } from './sql-item-log.js';
import { type SqlJobClaim, sqlJobStore } from './sql-job-store.js';
import { sqlSessionStore } from './sql-session-store.js';
import { type JsonColumn, sqlStoreBrowser } from './sql-store-browser.js';
import { sqlTurnIndex, type TurnIndexWrites } from './sql-turn-index.js';
import { sqlVectorStore } from './sql-vector-store.js';

/** What an engine brings to the shared domain besides its dialect: the pieces that differ, each small. */
export interface SqlStoreParts {
  /** Full-text search, ranked by the engine. */
  search: SqlSearch;
  /** How the engine's turn index is written. */
  turnIndexWrites: TurnIndexWrites;
  /** Columns a fact row carries for the engine's index besides the shared ones (SQLite's: the scope's token). */
  factIndexColumns?: FactIndexColumns | undefined;
  /** How a statement reads a column of JSON text with `->` and `->>`. */
  json: JsonColumn;
  /** The durable job queue's claim; absent: no durable queue, and the stack runs its jobs in memory. */
  jobs?: SqlJobClaim | undefined;
  /** How the engine's forget differs (a JSON array condition; what it does after, such as rewriting a file). */
  forget: Pick<SqlForgetParts, 'clarifiedBy' | 'afterForget'>;
  /** Ends what the store opened (the connection, and a pool or client it created). */
  close(): Promise<void>;
}

/** A store on the shared domain: every capability a SQL engine has. */
export interface SqlMemoryStore extends MemoryStore {
  readonly turnSearch: TurnSearch;
  readonly browse: StoreBrowser;
  readonly vectors: VectorStore;
  readonly items: ItemLog;
}

/**
 * The memory store, written once over an SQL engine: sessions, facts, the turn index, the job queue, browsing,
 * vectors and forget, the item log are the shared domain's (`src/stores/sql/`); the engine brings its dialect and a few parts.
 */
export function sqlStore(dialect: SqlDialect, parts: SqlStoreParts): SqlMemoryStore {
  const { writes: factWrites, ...facts } = sqlFactStore(dialect, parts.search.facts, parts.factIndexColumns);
  const turnIndex = sqlTurnIndex(dialect, parts.turnIndexWrites);
  const queue = parts.jobs ? sqlJobStore(dialect, parts.jobs) : undefined;
  return {
    specificationVersion: 'v1',
    name: dialect.name,
    sessions: sqlSessionStore(dialect, { factWrites, turnIndex, enqueue: queue?.enqueue }),
    facts,
    turnSearch: { search: parts.search.turns },
    browse: sqlStoreBrowser(dialect, parts.json),
    vectors: sqlVectorStore(dialect),
    items: sqlItemLog(dialect),
    ...(queue ? { jobs: queue.jobs } : {}),
    forget: sqlForget(dialect, {
      ...parts.forget,
      reindexBeside: turnIndex.reindexBeside,
      dropSessions: queue?.dropSessions,
    }),
    close: parts.close,
  };
}
