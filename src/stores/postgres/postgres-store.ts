import pg from 'pg';
import { StoreError } from '../../spec/errors/store-error.js';
import type { SqlDialect } from '../sql/sql-dialect.js';
import { type SqlMemoryStore, sqlStore } from '../sql/sql-store.js';
import { postgresGuard } from './postgres-guard.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { postgresSearch } from './postgres-search.js';
import { postgresTurnIndexWrites } from './postgres-turn-index-writes.js';

/**
 * The durable job queue, in the schema's `jobs` table (decision 20): on (`true`, the default), or `false` for none (the
 * stack then runs its jobs in memory, in each process, and a process that dies loses the memory of its last turns).
 * Leases and attempts are the workers' (each claim's); the queue has no settings of its own.
 */
export type PostgresJobsOption = boolean;

export type PostgresStoreOptions = (
  | {
      /** A `postgres://` URL. The store creates its own pool and ends it on `close()`. */
      connectionString: string;
      /** The schema that holds every table (default `memstack`): created if missing, migrated on open. */
      schema?: string;
      /** Connections of the store's pool (default 10). */
      poolSize?: number;
    }
  | {
      /** A pg pool of your own: the store borrows connections from it, and `close()` leaves it open. */
      pool: pg.Pool;
      schema?: string;
    }
) & {
  /** The durable job queue in the store's own tables (default: on). */
  jobs?: PostgresJobsOption | undefined;
};

export interface PostgresMemoryStore extends SqlMemoryStore {
  /** The pool the store uses, for inspection and maintenance. */
  readonly pool: pg.Pool;
  /** The schema holding the store's tables. */
  readonly schema: string;
}

const DEFAULT_SCHEMA = 'memstack';
const DEFAULT_POOL_SIZE = 10;
/** How long an idle connection of a pool the store creates is kept (its prepared searches with it). */
const IDLE_CONNECTION_MS = 5 * 60_000;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const MINIMUM_SERVER_VERSION = 130000;

/**
 * The server store: every table in one schema of a PostgreSQL (13 or later, UTF8) database, shared safely by any
 * number of processes. Asynchronous, unlike `sqliteStore`: it connects, checks the server and applies the missing
 * migrations (under an advisory lock, so processes starting at once migrate once) before it resolves, so that a
 * store in hand is ready, and a server that cannot be used fails here with `STORE_OPEN_FAILED`.
 */
export async function postgresStore(options: PostgresStoreOptions): Promise<PostgresMemoryStore> {
  if (typeof options !== 'object' || options === null || !('connectionString' in options || 'pool' in options)) {
    throw new StoreError('STORE_OPEN_FAILED', 'postgresStore takes { connectionString } or { pool }');
  }
  const schema = options.schema ?? DEFAULT_SCHEMA;
  if (typeof schema !== 'string' || !SCHEMA_NAME.test(schema)) {
    throw new StoreError(
      'STORE_OPEN_FAILED',
      'schema must be a lower-case identifier (letters, digits and _, not starting with a digit, at most 63)',
    );
  }
  const jobs = options.jobs !== false;
  if ('pool' in options) {
    return createPostgresStoreInternals({ pool: options.pool, ownsPool: false, schema, jobs });
  }
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  if (!Number.isSafeInteger(poolSize) || poolSize < 1) {
    throw new StoreError('STORE_OPEN_FAILED', 'poolSize must be a positive integer');
  }
  if (typeof options.connectionString !== 'string' || options.connectionString === '') {
    throw new StoreError('STORE_OPEN_FAILED', 'connectionString must be a postgres:// URL');
  }
  // A search's statement is prepared and planned once per connection (decision 33): an idle connection is kept for
  // minutes, not the driver's 10 seconds, so that a quiet bot does not plan its searches anew every few messages; and
  // idle connections do not keep the process alive.
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: poolSize,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    allowExitOnIdle: true,
  });
  // An idle connection the server dropped is reported here: the next call gets a fresh one.
  pool.on('error', () => {});
  try {
    return await createPostgresStoreInternals({ pool, ownsPool: true, schema, jobs });
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/**
 * The store on a pool, with the durable job queue unless `jobs` is false (extraction jobs enqueued in the exchange's
 * transaction, a forgotten session's jobs dropped in the forget's). Without it the store has no `jobs` capability and
 * the stack runs its jobs in memory.
 */
async function createPostgresStoreInternals(options: {
  pool: pg.Pool;
  ownsPool: boolean;
  schema: string;
  jobs: boolean;
}): Promise<PostgresMemoryStore> {
  const { pool } = options;
  const schema = `"${options.schema}"`;
  await open(pool, options.schema);
  const guard = postgresGuard(pool, { ownsPool: options.ownsPool });
  const dialect: SqlDialect = {
    name: 'postgres',
    connection: guard,
    table: (name) => `${schema}.${name}`,
    lockRows: 'FOR UPDATE',
  };
  const store = sqlStore(dialect, {
    search: postgresSearch(schema, guard),
    turnIndexWrites: postgresTurnIndexWrites(schema),
    json: (column) => `CAST(${column} AS jsonb)`,
    // Claimers on several machines: each locks the job it takes and passes the others' by; a lease ends by its time.
    jobs: options.jobs ? { lockClaimed: 'FOR UPDATE SKIP LOCKED' } : undefined,
    forget: {
      clarifiedBy: (column) => `EXISTS (SELECT 1 FROM jsonb_array_elements(${column}) AS c WHERE c->>'userId' = ?)`,
    },
    close: async () => {
      if (!guard.closed) await guard.close();
    },
  });
  return { ...store, pool, schema: options.schema };
}

/** Connects, checks the server (version, encoding) and migrates the schema, or fails with `STORE_OPEN_FAILED`. */
async function open(pool: pg.Pool, schemaName: string): Promise<void> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new StoreError(
      'STORE_OPEN_FAILED',
      `cannot connect to PostgreSQL at ${serverOf(pool)}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  try {
    const version = Number((await client.query('SHOW server_version_num')).rows[0]?.server_version_num);
    if (!(version >= MINIMUM_SERVER_VERSION)) {
      throw new StoreError(
        'STORE_OPEN_FAILED',
        `PostgreSQL at ${serverOf(pool)} is version ${Math.floor(version / 10000)}: memstack needs 13 or later`,
      );
    }
    const encoding = String((await client.query('SHOW server_encoding')).rows[0]?.server_encoding);
    if (encoding !== 'UTF8') {
      throw new StoreError(
        'STORE_OPEN_FAILED',
        `the database at ${serverOf(pool)} is encoded in ${encoding}: memstack needs a UTF8 database (text of any script)`,
      );
    }
    await migrate(client, schemaName);
  } catch (error) {
    if (StoreError.isInstance(error)) throw error;
    throw new StoreError('STORE_OPEN_FAILED', `cannot prepare the PostgreSQL schema ${schemaName}: ${String(error)}`, {
      cause: error,
    });
  } finally {
    client.release();
  }
}

/**
 * Applies the missing migrations in one transaction under an advisory lock of the schema's name, so that processes
 * opening a new schema at once cannot both apply the same migration (the others wait, then find nothing to do).
 */
async function migrate(client: pg.PoolClient, schemaName: string): Promise<void> {
  const schema = `"${schemaName}"`;
  await client.query('BEGIN');
  try {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('memstack.migrate'), hashtext($1))", [schemaName]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const version = Number(
      (await client.query(`SELECT coalesce(max(version), 0) AS version FROM ${schema}.migrations`)).rows[0]?.version ??
        0,
    );
    if (version > POSTGRES_MIGRATIONS.length) {
      throw new StoreError(
        'STORE_MIGRATION_FAILED',
        `the schema ${schemaName} is at version ${version}, newer than this memstack (${POSTGRES_MIGRATIONS.length}): upgrade memstack`,
      );
    }
    for (let index = version; index < POSTGRES_MIGRATIONS.length; index += 1) {
      try {
        await client.query(POSTGRES_MIGRATIONS[index]?.(schema) ?? '');
        await client.query(`INSERT INTO ${schema}.migrations (version) VALUES ($1)`, [index + 1]);
      } catch (error) {
        throw new StoreError('STORE_MIGRATION_FAILED', `migration ${index + 1} failed: ${String(error)}`, {
          cause: error,
        });
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** Where the pool connects, without its credentials. */
function serverOf(pool: pg.Pool): string {
  const options = pool.options as { connectionString?: string; host?: string; port?: number };
  if (options.connectionString) {
    try {
      const url = new URL(options.connectionString);
      return `${url.hostname || 'localhost'}:${url.port || 5432}`;
    } catch {
      return 'the configured server';
    }
  }
  return `${options.host ?? process.env.PGHOST ?? 'localhost'}:${options.port ?? process.env.PGPORT ?? 5432}`;
}
