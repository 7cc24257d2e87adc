import { StoreError } from '../../spec/errors/store-error.js';
import { isLockError, lockPauses } from './sqlite-guard.js';

const pauseCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs a synchronous step again while another connection's lock makes it fail, for up to `busyTimeoutMs`, then
 * `STORE_BUSY`. For opening only (`sqliteStore` is synchronous, so the pauses block; they happen once, before any
 * request). Needed because SQLite does not always wait for a lock itself: two processes switching a new file to WAL
 * at the same moment both hold a shared lock and want an exclusive one, and SQLite fails one of them at once
 * (SQLITE_BUSY without calling the busy handler, to avoid a deadlock). Tried again, it finds the file in WAL.
 */
export function retryWhileLocked<T>(operation: string, busyTimeoutMs: number, run: () => T): T {
  const deadline = Date.now() + busyTimeoutMs;
  const nextPause = lockPauses();
  for (;;) {
    try {
      return run();
    } catch (error) {
      if (!isLockError(error)) throw error;
      if (Date.now() >= deadline) {
        throw new StoreError('STORE_BUSY', `cannot ${operation}: the database is locked (${String(error)})`, {
          cause: error,
        });
      }
    }
    Atomics.wait(pauseCell, 0, 0, nextPause());
  }
}
