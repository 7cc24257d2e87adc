import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server the tests use: `MEMSTACK_TEST_POSTGRES_URL`, which `.ci/run` sets after starting a throwaway
 * server (`../shared/scripts/start-postgres.sh`). Locally, without it, the Postgres tests are reported as skipped with
 * `NO_POSTGRES`; in CI (`CI` set) a missing server is an error, never a silent skip.
 */
export const TEST_POSTGRES_URL: string | undefined = process.env.MEMSTACK_TEST_POSTGRES_URL || undefined;

if (process.env.CI && !TEST_POSTGRES_URL) {
  throw new Error('CI runs the Postgres tests: .ci/run must start a server and set MEMSTACK_TEST_POSTGRES_URL');
}

export const NO_POSTGRES =
  'MEMSTACK_TEST_POSTGRES_URL is not set (start a server with ../shared/scripts/start-postgres.sh and export its URL)';

/** A schema name no other test uses, so that tests (and test files running at once) never see each other's rows. */
export function uniqueSchema(prefix = 'test'): string {
  return `memstack_${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/**
 * Drops the schemas (and everything in them) that a test created, with the pg-boss queues of an earlier memstack
 * (`<schema>_jobs`) that a test made.
 */
export async function dropSchemas(...schemas: string[]): Promise<void> {
  if (!TEST_POSTGRES_URL || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    for (const schema of schemas) {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
    }
  } finally {
    await client.end();
  }
}
