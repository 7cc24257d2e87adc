import type { MemoryStore } from '../index.js';
import { sqliteStore } from '../sqlite.js';

/** The Postgres entry point, as `memstack/postgres` exports it. */
interface PostgresModule {
  postgresStore(options: { connectionString: string }): MemoryStore | Promise<MemoryStore>;
}

/** A store on `--db`: a `postgres://` (or `postgresql://`) URL opens the Postgres store, anything else a SQLite file. */
export async function openStore(db: string): Promise<MemoryStore> {
  if (!/^postgres(ql)?:\/\//.test(db)) return sqliteStore({ path: db });
  // Loaded only for a URL: pg and pg-boss are optional peers, and a build may have no Postgres store.
  const specifier = '../postgres.js';
  const postgres = (await import(specifier).catch((error: unknown) => {
    throw new Error(`cannot load the Postgres store (memstack/postgres: install pg and pg-boss): ${String(error)}`);
  })) as Partial<PostgresModule>;
  if (typeof postgres.postgresStore !== 'function') {
    throw new Error('this build of memstack has no Postgres store (memstack/postgres exports no postgresStore)');
  }
  return postgres.postgresStore({ connectionString: db });
}
