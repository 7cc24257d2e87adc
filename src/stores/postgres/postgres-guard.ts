import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { MemstackError } from '../../spec/errors/memstack-error.js';
import { StoreError } from '../../spec/errors/store-error.js';
import { numberedPlaceholders } from '../sql/numbered-placeholders.js';
import type { Sql as SharedSql, SqlConnection } from '../sql/sql.js';

/**
 * Runs statements: the shared domain's (`?` placeholders), or Postgres's own (`query`, `$1` placeholders). Rows come
 * back with bigint columns as numbers (ids and counts stay far below 2^53).
 */
export interface Sql extends SharedSql {
  /** `name`: the statement is prepared under it on each connection once, and its plan kept there. */
  query<Row>(text: string, values?: readonly unknown[], name?: string): Promise<Row[]>;
}

/** A statement runner inside a transaction, with its client (for a job queue that writes in the same transaction). */
export interface TransactionSql extends Sql {
  readonly client: pg.PoolClient;
}

/** The pool as a `SqlConnection` (for the shared domain), with Postgres's own statements too. */
export interface PostgresGuard extends SqlConnection {
  /** One statement (or several, each on its own) on the pool. */
  read<T>(operation: string, run: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * A READ COMMITTED transaction; tried again (3 attempts) when Postgres aborts it for a deadlock or a serialization
   * failure, which only happens when nothing of it was committed.
   */
  write<T>(operation: string, run: (sql: TransactionSql) => Promise<T>): Promise<T>;
  readonly closed: boolean;
  /** Refuses new calls; ends the pool when the store created it. */
  close(): Promise<void>;
}

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
const RETRIED = new Set(['40001', '40P01']);
const ATTEMPTS = 3;

/**
 * Driver calls as memstack's errors: after `close()` every call is `STORE_CLOSED`; a connection failure is
 * `STORE_BUSY` (retryable); any other driver error is `STORE_QUERY_FAILED`, the driver's error as its cause.
 */
export function postgresGuard(pool: pg.Pool, options: { ownsPool: boolean }): PostgresGuard {
  let closed = false;
  const sqlOf = (client: pg.Pool | pg.PoolClient): Sql => {
    const query = async <Row>(text: string, values: readonly unknown[] = [], name?: string) =>
      (await client.query({ text, values: [...values], types, ...(name ? { name } : {}) })).rows as Row[];
    return {
      query,
      all: (text, values) => query(numberedPlaceholders(text), values),
      get: async <Row>(text: string, values?: readonly unknown[]) =>
        (await query<Row>(numberedPlaceholders(text), values))[0],
      run: async (text, values = []) =>
        (await client.query({ text: numberedPlaceholders(text), values: [...values], types })).rowCount ?? 0,
    };
  };
  const fail = (operation: string, error: unknown): never => {
    if (MemstackError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    const connection = typeof code === 'string' && (/^(08|57P)/.test(code) || /^E[A-Z]+$/.test(code));
    // Postgres text cannot hold U+0000, which SQLite stores: say so rather than quote an encoding error.
    if (code === '22021' || code === '22P05') {
      throw new StoreError(
        'STORE_QUERY_FAILED',
        `cannot ${operation}: PostgreSQL text cannot hold the character U+0000 (NUL)`,
        {
          cause: error,
        },
      );
    }
    throw new StoreError(connection ? 'STORE_BUSY' : 'STORE_QUERY_FAILED', `cannot ${operation}: ${reason}`, {
      cause: error,
    });
  };
  const open = (operation: string) => {
    if (closed) throw new StoreError('STORE_CLOSED', `cannot ${operation}: the store is closed`);
  };

  return {
    get closed() {
      return closed;
    },
    read: async (operation, run) => {
      open(operation);
      try {
        return await run(sqlOf(pool));
      } catch (error) {
        return fail(operation, error);
      }
    },
    write: async (operation, run) => {
      open(operation);
      for (let attempt = 1; ; attempt += 1) {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          return fail(operation, error);
        }
        let broken = false;
        try {
          await client.query('BEGIN');
          const result = await run({ ...sqlOf(client), client });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
          const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
          if (typeof code === 'string' && RETRIED.has(code) && attempt < ATTEMPTS) {
            await sleep(5 + Math.random() * 20 * attempt);
            continue;
          }
          return fail(operation, error);
        } finally {
          client.release(broken);
        }
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (options.ownsPool) await pool.end();
    },
  };
}
