import { StoreError } from '../../spec/errors/store-error.js';
import { SQLITE_MIGRATIONS } from '../sqlite/sqlite-migrations.js';
import { waitOutLocks } from '../sqlite/wait-out-locks.js';
import type { LibsqlClient } from './libsql-client.js';
import { reconnectAfterLock } from './reconnect-after-lock.js';

/**
 * The last schema version whose migration `sqliteStore` follows with a step in JavaScript (reindexing, splitting
 * private sessions). On a new database those steps have nothing to do, so its whole schema is SQL.
 */
const LAST_VERSION_WITH_A_DATA_STEP = 8;

/**
 * Gives a libSQL database SQLite's schema (`PRAGMA user_version` counts the versions applied). The missing versions
 * are applied in one write transaction that reads the version under the write lock, so that two clients opening a
 * new database at once migrate it once. A local file is switched to WAL first (the file keeps it).
 */
export async function migrateLibsql(client: LibsqlClient, options: { busyTimeoutMs: number }): Promise<void> {
  const waiting = { busyTimeoutMs: options.busyTimeoutMs, isClosed: () => client.closed };
  const version = async (executor: Pick<LibsqlClient, 'execute'>) =>
    Number((await executor.execute({ sql: 'PRAGMA user_version', args: [] })).rows[0]?.user_version ?? 0);
  if (client.protocol === 'file') {
    await waitOutLocks('switch the database to WAL', waiting, () =>
      reconnectAfterLock(client, () => client.execute({ sql: 'PRAGMA journal_mode = WAL', args: [] })),
    );
  }
  if (
    (await waitOutLocks('read the schema version', waiting, () =>
      reconnectAfterLock(client, () => version(client)),
    )) === SQLITE_MIGRATIONS.length
  ) {
    return;
  }
  await waitOutLocks('migrate the database', waiting, () =>
    reconnectAfterLock(client, async () => {
      const transaction = await client.transaction('write');
      try {
        const from = await version(transaction);
        if (from > SQLITE_MIGRATIONS.length) {
          throw new StoreError(
            'STORE_MIGRATION_FAILED',
            `the database is at schema version ${from}, newer than this memstack (${SQLITE_MIGRATIONS.length}): upgrade memstack`,
          );
        }
        if (from > 0 && from < LAST_VERSION_WITH_A_DATA_STEP) {
          throw new StoreError(
            'STORE_MIGRATION_FAILED',
            `the database is at schema version ${from}, older than the libSQL store can migrate: open it once with sqliteStore, which brings it up to date`,
          );
        }
        for (let index = from; index < SQLITE_MIGRATIONS.length; index += 1) {
          try {
            await transaction.executeMultiple(SQLITE_MIGRATIONS[index] ?? '');
            await transaction.execute({ sql: `PRAGMA user_version = ${index + 1}`, args: [] });
          } catch (error) {
            throw new StoreError('STORE_MIGRATION_FAILED', `migration ${index + 1} failed: ${String(error)}`, {
              cause: error,
            });
          }
        }
        await transaction.commit();
      } finally {
        transaction.close();
      }
    }),
  );
}
