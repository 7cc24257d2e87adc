import { MemstackError } from '../../spec/errors/memstack-error.js';
import { StoreError } from '../../spec/errors/store-error.js';
import { isLockError, lockPauses } from './sqlite-guard.js';

/**
 * Runs one attempt of an operation on an SQLite-family engine until no other process's lock stops it: asleep between
 * attempts (the event loop keeps running), for up to `busyTimeoutMs`, then `STORE_BUSY`. A closed database is
 * `STORE_CLOSED`; any other engine error is `STORE_QUERY_FAILED`; a memstack error passes as it is.
 */
export async function waitOutLocks<T>(
  operation: string,
  options: { busyTimeoutMs: number; isClosed: () => boolean },
  attempt: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + options.busyTimeoutMs;
  const nextPause = lockPauses();
  const closed = () => new StoreError('STORE_CLOSED', `cannot ${operation}: the store is closed`);
  for (;;) {
    if (options.isClosed()) throw closed();
    try {
      return await attempt();
    } catch (error) {
      if (MemstackError.isInstance(error)) throw error;
      if (options.isClosed()) throw closed();
      const reason = error instanceof Error ? error.message : String(error);
      if (!isLockError(error)) {
        throw new StoreError('STORE_QUERY_FAILED', `cannot ${operation}: ${reason}`, { cause: error });
      }
      if (Date.now() >= deadline) {
        throw new StoreError('STORE_BUSY', `cannot ${operation}: the database is locked (${reason})`, { cause: error });
      }
    }
    // A plain timer rather than node:timers, so that the libSQL store also runs where Node's modules do not.
    await new Promise((resolve) => setTimeout(resolve, nextPause()));
  }
}
