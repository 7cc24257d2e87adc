import { setTimeout as sleep } from 'node:timers/promises';
import { StoreError } from '../../spec/errors/store-error.js';
import type { ForgetReport } from '../../spec/scope.js';
import type { SqlConnection } from '../sql/sql.js';
import { forgetNeedsRewrite } from './forget-needs-rewrite.js';
import { rewriteDatabaseFile } from './rewrite-database-file.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** How long a forget keeps trying to empty the WAL while other connections still read older pages from it. */
const CHECKPOINT_PATIENCE_MS = 2000;

/**
 * What a forget does last on a SQLite file (decision 13): the file rewritten without the forgotten bytes when it
 * needs it (`forgetNeedsRewrite`), then the WAL emptied. `file`: null for an in-memory database.
 */
export function sqliteAfterForget(
  database: SqliteDatabase,
  connection: SqlConnection,
  options: { file: string | null; busyTimeoutMs: number },
): (report: ForgetReport) => Promise<void> {
  const { file, busyTimeoutMs } = options;
  return async (report) => {
    if (file !== null && (await forgetNeedsRewrite(connection, report))) {
      try {
        await rewriteDatabaseFile(file, busyTimeoutMs);
      } catch (error) {
        throw new StoreError(
          'STORE_QUERY_FAILED',
          `forgotten, but the file could not be rewritten without the forgotten bytes (${String(error)}): run forget again`,
          { cause: error },
        );
      }
    }
    await emptyWal(database);
  };
}

/**
 * Moves the pages a forget rewrote (zeroed, with secure delete) out of the WAL into the file and empties the WAL, so
 * the forgotten text is gone from disk now rather than at some later checkpoint. Another process reading an older
 * snapshot keeps the WAL in use: the checkpoint is tried again until it completes, for a while.
 */
async function emptyWal(database: SqliteDatabase): Promise<void> {
  const deadline = Date.now() + CHECKPOINT_PATIENCE_MS;
  for (;;) {
    if (!database.open) return;
    let busy = true;
    try {
      const [result] = database.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      busy = result?.busy === 1;
    } catch {
      // SQLITE_BUSY from the checkpoint itself: try again below.
    }
    if (!busy || Date.now() >= deadline) return;
    await sleep(10);
  }
}
