import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, type MemoryStore } from '../index.js';
import { sqliteStore } from '../sqlite.js';

/** What `--db` names: a SQLite file (or `:memory:`), or a PostgreSQL server as a `postgres://` URL. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(db);
}

/** `--db` as it may be printed: a URL's password is never shown. */
export function describeDatabase(db: string): string {
  return db.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@]*@/i, '$1:***@');
}

/**
 * Opens the store a command's `--db` names: a `postgres://` URL opens `memstack/postgres` (loaded only then: `pg`
 * is an optional peer), in `schema` when given; anything else a SQLite file, whose folder is created.
 */
export async function openStore(db: string, options: { schema?: string | undefined } = {}): Promise<MemoryStore> {
  if (isPostgresUrl(db)) {
    const { postgresStore } = await import('../postgres.js').catch((error: unknown) => {
      throw new ConfigError(
        'INVALID_CONFIG',
        `cannot load the Postgres store (memstack/postgres needs pg installed): ${String(error)}`,
      );
    });
    return postgresStore({ connectionString: db, ...(options.schema ? { schema: options.schema } : {}) });
  }
  if (options.schema) throw new ConfigError('INVALID_CONFIG', '--schema applies to a postgres:// --db only');
  if (db !== ':memory:') mkdirSync(dirname(resolve(db)), { recursive: true });
  return sqliteStore({ path: db });
}
