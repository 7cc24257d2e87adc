import type { SqliteDatabase } from './sqlite-database.js';

/**
 * A function that runs `fn` in a transaction that takes the write lock at its start (`BEGIN IMMEDIATE`). Every write
 * goes through one: a deferred transaction that reads first and writes later holds a read snapshot, and when another
 * process commits meanwhile SQLite cannot upgrade it, so it fails with SQLITE_BUSY at once instead of waiting. An
 * immediate one waits for the lock (the busy timeout, then the store's retries) before it reads anything.
 */
export function writeTransaction<F extends (...parameters: never[]) => unknown>(database: SqliteDatabase, fn: F): F {
  return database.transaction(fn).immediate;
}
