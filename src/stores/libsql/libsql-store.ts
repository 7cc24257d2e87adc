import { createClient } from '@libsql/client';
import { StoreError } from '../../spec/errors/store-error.js';
import { type SqlMemoryStore, sqlStore } from '../sql/sql-store.js';
import { sqliteDialect, sqliteParts } from '../sqlite/sqlite-parts.js';
import { libsqlAfterForget } from './libsql-after-forget.js';
import type { LibsqlClient } from './libsql-client.js';
import { libsqlConnection } from './libsql-connection.js';
import { migrateLibsql } from './migrate-libsql.js';

export type LibsqlStoreOptions = (
  | {
      /**
       * A local file (`file:memory.db`), an in-memory database (`:memory:`), or a remote one (`libsql://`, `https://`,
       * `wss://`). The store creates its own client and closes it on `close()`.
       */
      url: string;
      /** The token of a remote database (Turso's). */
      authToken?: string | undefined;
    }
  | {
      /** An `@libsql/client` client of your own: `close()` leaves it open. */
      client: LibsqlClient;
    }
) & {
  /** How long a call waits for a lock another process holds before it fails with `STORE_BUSY` (default 5,000 ms). */
  busyTimeoutMs?: number | undefined;
};

export interface LibsqlMemoryStore extends SqlMemoryStore {
  /** The client the store uses, for inspection and maintenance. */
  readonly client: LibsqlClient;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;
/** SQLite's own wait for a lock inside one statement: it blocks the event loop, so it is short (see the connection). */
const SYNCHRONOUS_BUSY_WAIT_MS = 20;

/**
 * The store on libSQL (`@libsql/client`, an optional peer loaded by this entry only): SQLite's schema, full-text
 * indexes and statements on a local file, an in-memory database or a remote server (Turso), for serverless
 * functions where a local SQLite file does not persist. Asynchronous: it connects and applies the missing migrations
 * before it resolves.
 */
export async function libsqlStore(options: LibsqlStoreOptions): Promise<LibsqlMemoryStore> {
  if (typeof options !== 'object' || options === null || !('url' in options || 'client' in options)) {
    throw new StoreError('STORE_OPEN_FAILED', 'libsqlStore takes { url } or { client }');
  }
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) {
    throw new StoreError('STORE_OPEN_FAILED', 'busyTimeoutMs must be a non-negative integer');
  }
  const ownsClient = !('client' in options);
  const client = 'client' in options ? options.client : openClient(options.url, options.authToken);
  try {
    await migrateLibsql(client, { busyTimeoutMs });
  } catch (error) {
    if (ownsClient) client.close();
    // A database at another schema version says so; anything else (a server out of reach, a bad token) is an open.
    if (StoreError.isInstance(error) && error.code === 'STORE_MIGRATION_FAILED') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreError('STORE_OPEN_FAILED', `cannot open the libSQL database: ${reason}`, { cause: error });
  }
  const connection = libsqlConnection(client, { busyTimeoutMs });
  const local = client.protocol === 'file';
  const inMemory = 'url' in options && /^(file:)?:memory:/.test(options.url);
  const sqlite = sqliteParts(connection);
  // Loaded for a local file only: it reads the process table, which an edge runtime has not.
  const liveness = local ? (await import('../sql/process-liveness.js')).processLiveness() : undefined;
  const store = sqlStore(sqliteDialect('libsql', connection), {
    ...sqlite,
    // A file keeps its job queue, claimed by processes of its machine (their liveness is checked, as SQLite's); a
    // remote database's claimers may be anywhere, and a lease ends by its time. An in-memory database keeps none.
    jobs: inMemory ? undefined : { lockClaimed: '', ...(liveness ? { liveness } : {}) },
    // A remote database's file is the server's: its bytes go at the server's own vacuum.
    forget: { ...sqlite.forget, afterForget: local && !inMemory ? libsqlAfterForget(connection) : undefined },
    close: async () => {
      if (ownsClient && !client.closed) client.close();
    },
  });
  return { ...store, client };
}

function openClient(url: unknown, authToken: unknown): LibsqlClient {
  if (typeof url !== 'string' || url === '') {
    throw new StoreError('STORE_OPEN_FAILED', 'url must be a libSQL URL (file:, libsql://, https://) or :memory:');
  }
  if (authToken !== undefined && typeof authToken !== 'string') {
    throw new StoreError('STORE_OPEN_FAILED', 'authToken must be a string');
  }
  try {
    return createClient({
      url,
      ...(authToken === undefined ? {} : { authToken }),
      timeout: SYNCHRONOUS_BUSY_WAIT_MS,
    }) as unknown as LibsqlClient;
  } catch (error) {
    throw new StoreError('STORE_OPEN_FAILED', `cannot open the libSQL database at ${redact(url)}: ${String(error)}`, {
      cause: error,
    });
  }
}

/** A URL as an error may quote it: without its token. */
function redact(url: string): string {
  return url.replace(/(authToken=)[^&]*/gi, '$1***');
}
