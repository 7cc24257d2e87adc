import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MemoryStore } from '../src/index.js';
import { postgresStore } from '../src/postgres.js';
import { sqliteStore } from '../src/sqlite.js';

export type BenchStoreName = 'sqlite' | 'postgres';

/** Fresh, empty stores of one kind for a bench, and the cleanup of all of them at the end. */
export interface BenchStore {
  name: BenchStoreName;
  open(): Promise<MemoryStore>;
  /** Drops what the stores left (Postgres: their schemas and their job queues') and ends the connections. */
  end(): Promise<void>;
}

/**
 * SQLite: one `:memory:` database per store. Postgres: one fresh schema per store on the server of
 * `MEMSTACK_BENCH_POSTGRES_URL` (or `MEMSTACK_TEST_POSTGRES_URL`), every schema dropped by `end()`.
 */
export function benchStore(name: BenchStoreName): BenchStore {
  if (name === 'sqlite') return { name, open: async () => sqliteStore({ path: ':memory:' }), end: async () => {} };
  const url = benchPostgresUrl();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schemas: string[] = [];
  return {
    name,
    open: async () => {
      const schema = `memstack_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      schemas.push(schema);
      return postgresStore({ pool, schema });
    },
    end: async () => {
      for (const schema of schemas) {
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
      }
      await pool.end();
    },
  };
}

/** The server `--store postgres` measures on: a local one (docs/postgres-and-processes.md). */
export function benchPostgresUrl(): string {
  const url = process.env.MEMSTACK_BENCH_POSTGRES_URL || process.env.MEMSTACK_TEST_POSTGRES_URL;
  if (!url) {
    throw new Error(
      '--store postgres needs MEMSTACK_BENCH_POSTGRES_URL (or MEMSTACK_TEST_POSTGRES_URL): a local server, e.g. from ../shared/scripts/start-postgres.sh',
    );
  }
  return url;
}
