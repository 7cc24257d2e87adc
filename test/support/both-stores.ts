import type { MemoryStore } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import { TEST_POSTGRES_URL, uniqueSchema } from './test-postgres.js';

/**
 * A fresh store of each kind, by name, for a test to run on both: SQLite in memory, and Postgres on a schema of its
 * own (named in `schemas`, for the file to drop after; no job queue); null for Postgres without a test server.
 */
export function bothStores(prefix: string, schemas: string[]): Array<[string, (() => Promise<MemoryStore>) | null]> {
  return [
    ['sqlite', async () => sqliteStore({ path: ':memory:' })],
    [
      'postgres',
      TEST_POSTGRES_URL
        ? async () => {
            const schema = uniqueSchema(prefix);
            schemas.push(schema);
            return postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, jobs: false });
          }
        : null,
    ],
  ];
}
