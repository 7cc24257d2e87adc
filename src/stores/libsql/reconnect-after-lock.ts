import { isLockError } from '../sqlite/sqlite-guard.js';
import type { LibsqlClient } from './libsql-client.js';

/**
 * Runs one attempt; when a lock stops it on a local database, gives the client fresh connections before the error
 * goes on to be waited out. The local driver leaves a statement that met a lock unfinished, and its connection then
 * fails every COMMIT ("SQL statements in progress") until that statement is garbage-collected. Call it when no other
 * call is using the client (in turn), since the client's connections close.
 */
export async function reconnectAfterLock<T>(client: LibsqlClient, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (client.protocol === 'file' && isLockError(error) && !client.closed) await client.reconnect();
    throw error;
  }
}
