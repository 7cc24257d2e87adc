import { StoreError } from '../../spec/errors/store-error.js';
import { isLockError } from './sqlite-guard.js';

const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;
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
  let pause = FIRST_PAUSE_MS;
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
    // Jittered, so that processes waiting for the same lock do not retry in step.
    Atomics.wait(pauseCell, 0, 0, pause / 2 + Math.random() * pause);
    pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
  }
}
