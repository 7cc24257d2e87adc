import { setTimeout as sleep } from 'node:timers/promises';
import { MemstackError } from '../../spec/errors/memstack-error.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** Runs one store operation (a statement or a whole transaction) against the driver. */
export type SqliteGuard = <T>(operation: string, run: () => T) => Promise<T>;

/**
 * How long SQLite itself may wait for a lock inside one attempt. The driver is synchronous, so this wait blocks the
 * event loop: it is kept short, and the rest of the wait is spent between attempts, asleep.
 */
export const SYNCHRONOUS_BUSY_WAIT_MS = 20;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

/**
 * The pauses between attempts at a lock another process holds: doubling from 2 to 50 ms, and jittered, so that
 * processes waiting for the same lock do not retry in step. Each call of the returned function is the next pause.
 */
export function lockPauses(): () => number {
  let pause = FIRST_PAUSE_MS;
  return () => {
    const wait = pause / 2 + Math.random() * pause;
    pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
    return wait;
  };
}

/**
 * Driver calls as memstack's errors: a closed database is `STORE_CLOSED`; a lock another process holds (SQLITE_BUSY,
 * SQLITE_LOCKED and their extended codes) is waited out, asleep between attempts, for up to `busyTimeoutMs` in all,
 * then `STORE_BUSY` (retryable); any other driver error is `STORE_QUERY_FAILED`. Retrying is safe because every
 * operation is one statement or one transaction, which SQLite rolls back whole when it fails.
 */
export function sqliteGuard(database: SqliteDatabase, options: { busyTimeoutMs: number }): SqliteGuard {
  return async (operation, run) => {
    const deadline = Date.now() + options.busyTimeoutMs;
    const nextPause = lockPauses();
    for (;;) {
      if (!database.open) throw new StoreError('STORE_CLOSED', `cannot ${operation}: the store is closed`);
      try {
        return run();
      } catch (error) {
        if (MemstackError.isInstance(error)) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        if (!isLockError(error)) {
          throw new StoreError('STORE_QUERY_FAILED', `cannot ${operation}: ${reason}`, { cause: error });
        }
        // A call made inside the caller's own transaction cannot be retried alone: the transaction must be.
        if (database.inTransaction || Date.now() >= deadline) {
          throw new StoreError('STORE_BUSY', `cannot ${operation}: the database is locked (${reason})`, {
            cause: error,
          });
        }
      }
      await sleep(nextPause());
    }
  };
}

/** SQLITE_BUSY, SQLITE_LOCKED and their extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, LOCKED_SHAREDCACHE...). */
export function isLockError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}
