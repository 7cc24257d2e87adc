import Database from 'better-sqlite3';
import { cjkBigrams } from '../../core/language/cjk-bigrams.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { StoreError } from '../../spec/errors/store-error.js';
import { processLiveness } from '../sql/process-liveness.js';
import { type SqlMemoryStore, sqlStore } from '../sql/sql-store.js';
import { reindexSessionTurns } from './reindex-session-turns.js';
import { retryWhileLocked } from './retry-while-locked.js';
import { splitPrivateSessions } from './split-private-sessions.js';
import { sqliteAfterForget } from './sqlite-after-forget.js';
import { sqliteConnection } from './sqlite-connection.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { SYNCHRONOUS_BUSY_WAIT_MS } from './sqlite-guard.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { sqliteDialect, sqliteParts } from './sqlite-parts.js';
import { writeTransaction } from './write-transaction.js';

export type SqliteStoreOptions =
  | {
      /** A file path, or `':memory:'`. */ path: string;
      /**
       * How long a call waits for a lock another process holds before it fails with `STORE_BUSY` (default 5,000 ms).
       * The wait is spent asleep between attempts, never blocking the event loop for more than a few milliseconds.
       */
      busyTimeoutMs?: number;
    }
  | {
      /** An open better-sqlite3 database of your own; `close()` closes it. */ database: SqliteDatabase;
      busyTimeoutMs?: number;
    };

export interface SqliteMemoryStore extends SqlMemoryStore {
  /** The underlying database, for inspection and maintenance. */
  readonly database: SqliteDatabase;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * The embedded default: one SQLite file (WAL, busy timeout, secure delete), migrated on open, with full-text
 * indexes of facts kept in sync by triggers. Any number of processes may open and write the same file at once.
 */
export function sqliteStore(options: SqliteStoreOptions): SqliteMemoryStore {
  if (typeof options !== 'object' || options === null || !('path' in options || 'database' in options)) {
    throw new StoreError('STORE_OPEN_FAILED', 'sqliteStore takes { path } or { database }');
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new StoreError('STORE_OPEN_FAILED', 'busyTimeoutMs must be a non-negative integer');
  }
  const database = 'database' in options ? options.database : openDatabase(options.path);
  try {
    // Opening waits for other processes (it happens once, before any request): in SQLite's busy handler, and, where
    // SQLite fails at once instead (two processes switching a new file to WAL), by trying again.
    database.pragma(`busy_timeout = ${busyTimeoutMs}`);
    retryWhileLocked('switch the database to WAL', busyTimeoutMs, () => database.pragma('journal_mode = WAL'));
    database.pragma('secure_delete = ON');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    retryWhileLocked('migrate the database', busyTimeoutMs, () => migrate(database));
    // From here on a call waits asleep between attempts (see sqliteConnection), not inside the driver.
    database.pragma(`busy_timeout = ${Math.min(busyTimeoutMs, SYNCHRONOUS_BUSY_WAIT_MS)}`);
  } catch (error) {
    if (StoreError.isInstance(error)) throw error;
    throw new StoreError('STORE_OPEN_FAILED', `cannot prepare the SQLite database: ${String(error)}`, { cause: error });
  }
  const connection = sqliteConnection(database, { busyTimeoutMs });
  const file = databaseFile(database);
  const sqlite = sqliteParts(connection);
  const store = sqlStore(sqliteDialect('sqlite', connection), {
    ...sqlite,
    // A file keeps its own job queue (decision 16), and every claimer of a file shares its machine; an in-memory
    // database dies with its process, jobs and all, so the stack's in-memory queue serves it.
    jobs: file !== null ? { lockClaimed: '', liveness: processLiveness() } : undefined,
    forget: { ...sqlite.forget, afterForget: sqliteAfterForget(database, connection, { file, busyTimeoutMs }) },
    close: () => connection.close(),
  });
  return { ...store, database };
}

/** The database's file, or null for an in-memory or temporary database (nothing on disk to clean). */
function databaseFile(database: SqliteDatabase): string | null {
  const name = database.name;
  return typeof name === 'string' && name !== '' && name !== ':memory:' && !name.startsWith('file::memory:')
    ? name
    : null;
}

function openDatabase(path: unknown): SqliteDatabase {
  if (typeof path !== 'string' || path === '') {
    throw new StoreError('STORE_OPEN_FAILED', "path must be a file path or ':memory:'");
  }
  try {
    return new Database(path) as unknown as SqliteDatabase;
  } catch (error) {
    throw new StoreError('STORE_OPEN_FAILED', `cannot open the SQLite database at ${path}: ${String(error)}`, {
      cause: error,
    });
  }
}

/**
 * Applies the missing migrations in one write transaction: the version is read under the write lock, so that two
 * processes opening a new file at once cannot both apply the same migration (the second waits, then finds nothing
 * to do).
 */
function migrate(database: SqliteDatabase): void {
  const apply = writeTransaction(database, () => {
    const version = database.pragma('user_version', { simple: true }) as number;
    if (version > SQLITE_MIGRATIONS.length) {
      throw new StoreError(
        'STORE_MIGRATION_FAILED',
        `the database is at schema version ${version}, newer than this memstack (${SQLITE_MIGRATIONS.length}): upgrade memstack`,
      );
    }
    for (let index = version; index < SQLITE_MIGRATIONS.length; index += 1) {
      try {
        database.exec(SQLITE_MIGRATIONS[index] ?? '');
        // Version 3 added the turn index: the turns already stored are indexed in the same transaction.
        if (index + 1 === 3) reindexAllTurns(database);
        // Version 4 gave each user a private session when there is no channel and no thread.
        if (index + 1 === 4) splitPrivateSessions(database);
        // Version 6 indexed Korean by bigrams: what is stored with Hangul is indexed again.
        if (index + 1 === 6) reindexHangul(database);
        // Version 7 made the core decide index documents: every fact's tokens are computed again, and version 8,
        // which built the indexes of them, has the turns indexed again.
        if (index + 1 === 7) retokeniseFacts(database);
        if (index + 1 === 8) reindexAllTurns(database);
        database.pragma(`user_version = ${index + 1}`);
      } catch (error) {
        throw new StoreError('STORE_MIGRATION_FAILED', `migration ${index + 1} failed: ${String(error)}`, {
          cause: error,
        });
      }
    }
  });
  // Nothing to do is the common case: check without the write lock first.
  if ((database.pragma('user_version', { simple: true }) as number) === SQLITE_MIGRATIONS.length) return;
  apply();
}

function reindexHangul(database: SqliteDatabase): void {
  // Syllables, conjoining and compatibility jamo: SQLite's GLOB compares code points, so ranges hold.
  const glob = "GLOB '*[\uac00-\ud7a3\u1100-\u11ff\u3131-\u318e]*'";
  const facts = database
    .prepare(`SELECT id, text, context FROM facts WHERE text ${glob} OR context ${glob}`)
    .all() as Array<{ id: number; text: string; context: string }>;
  const update = database.prepare('UPDATE facts SET grams = ?, context_grams = ? WHERE id = ?');
  for (const fact of facts) update.run(cjkBigrams(fact.text), cjkBigrams(fact.context), fact.id);
  const sessions = database.prepare(`SELECT DISTINCT session_key FROM turns WHERE text ${glob}`).all() as Array<{
    session_key: string;
  }>;
  for (const { session_key } of sessions) reindexSessionTurns(database, session_key);
}

function retokeniseFacts(database: SqliteDatabase): void {
  const facts = database.prepare('SELECT id, text, context, created_at FROM facts').all() as Array<{
    id: number;
    text: string;
    context: string;
    created_at: number;
  }>;
  const update = database.prepare(
    'UPDATE facts SET text_tokens = ?, context_tokens = ?, grams = ?, context_grams = ?, dated = ? WHERE id = ?',
  );
  for (const fact of facts) {
    const { words, grams } = buildFactDocument({
      text: fact.text,
      context: fact.context,
      at: new Date(fact.created_at),
    });
    update.run(words.text, words.context, grams.text, grams.context, words.dated, fact.id);
  }
}

function reindexAllTurns(database: SqliteDatabase): void {
  for (const { key } of database.prepare('SELECT key FROM sessions').all() as Array<{ key: string }>) {
    reindexSessionTurns(database, key);
  }
}
