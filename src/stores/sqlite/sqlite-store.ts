import Database from 'better-sqlite3';
import { StoreError } from '../../spec/errors/store-error.js';
import type { MemoryStore } from '../../spec/memory-store.js';
import { guardSqlite } from './guard-sqlite.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { sqliteFactStore } from './sqlite-fact-store.js';
import { sqliteForget } from './sqlite-forget.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { sqliteSessionStore } from './sqlite-session-store.js';
import { sqliteTurnIndex } from './sqlite-turn-index.js';

export type SqliteStoreOptions =
  | { /** A file path, or `':memory:'`. */ path: string; busyTimeoutMs?: number }
  | {
      /** An open better-sqlite3 database of your own; `close()` closes it. */ database: SqliteDatabase;
      busyTimeoutMs?: number;
    };

export interface SqliteMemoryStore extends MemoryStore {
  /** The underlying database, for inspection and maintenance. */
  readonly database: SqliteDatabase;
}

/**
 * The embedded default: one SQLite file (WAL, busy timeout, secure delete), migrated on open, with full-text
 * indexes of facts kept in sync by triggers.
 */
export function sqliteStore(options: SqliteStoreOptions): SqliteMemoryStore {
  const database = 'database' in options ? options.database : openDatabase(options.path);
  try {
    database.pragma('journal_mode = WAL');
    database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
    database.pragma('secure_delete = ON');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    migrate(database);
  } catch (error) {
    if (StoreError.isInstance(error)) throw error;
    throw new StoreError('STORE_OPEN_FAILED', `cannot prepare the SQLite database: ${String(error)}`, { cause: error });
  }

  return {
    specificationVersion: 'v1',
    name: 'sqlite',
    database,
    sessions: sqliteSessionStore(database),
    facts: sqliteFactStore(database),
    forget: (scope) =>
      guardSqlite(database, 'forget', () => {
        const report = sqliteForget(database, scope);
        // Move the zeroed pages out of the WAL into the file and empty the WAL, so the forgotten text is gone from
        // disk now rather than at the next automatic checkpoint.
        database.pragma('wal_checkpoint(TRUNCATE)');
        return report;
      }),
    close: async () => {
      if (database.open) database.close();
    },
  };
}

function openDatabase(path: string): SqliteDatabase {
  try {
    return new Database(path) as unknown as SqliteDatabase;
  } catch (error) {
    throw new StoreError('STORE_OPEN_FAILED', `cannot open the SQLite database at ${path}: ${String(error)}`, {
      cause: error,
    });
  }
}

function migrate(database: SqliteDatabase): void {
  const version = database.pragma('user_version', { simple: true }) as number;
  if (version > SQLITE_MIGRATIONS.length) {
    throw new StoreError(
      'STORE_MIGRATION_FAILED',
      `the database is at schema version ${version}, newer than this memstack (${SQLITE_MIGRATIONS.length}): upgrade memstack`,
    );
  }
  for (let index = version; index < SQLITE_MIGRATIONS.length; index += 1) {
    try {
      database.transaction(() => {
        database.exec(SQLITE_MIGRATIONS[index] ?? '');
        // Version 3 added the turn index: the turns already stored are indexed in the same transaction.
        if (index + 1 === 3) reindexAllTurns(database);
        database.pragma(`user_version = ${index + 1}`);
      })();
    } catch (error) {
      throw new StoreError('STORE_MIGRATION_FAILED', `migration ${index + 1} failed: ${String(error)}`, {
        cause: error,
      });
    }
  }
}

function reindexAllTurns(database: SqliteDatabase): void {
  const index = sqliteTurnIndex(database);
  for (const { key } of database.prepare('SELECT key FROM sessions').all() as Array<{ key: string }>) {
    index.reindexSession(key);
  }
}
