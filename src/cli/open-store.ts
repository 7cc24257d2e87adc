import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, type MemoryStore } from '../index.js';
import { sqliteStore } from '../sqlite.js';

/** What `--db` names: a SQLite file (or `:memory:`), a PostgreSQL server as a `postgres://` URL, or a libSQL URL. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(db);
}

/** A libSQL database: remote (`libsql://`, `https://`, `wss://`...) or a local one named as a URL (`file:`). */
export function isLibsqlUrl(db: string): boolean {
  return /^(?:libsql|https?|wss?):\/\//i.test(db) || /^file:/i.test(db);
}

/**
 * The local file `--db` names, to check it exists before a command that must not create one: a SQLite path, or the
 * path of a `file:` URL; null for a server, a remote database or an in-memory one.
 */
export function localDatabaseFile(db: string): string | null {
  if (isPostgresUrl(db)) return null;
  if (!isLibsqlUrl(db)) return db;
  if (!/^file:/i.test(db)) return null;
  const path = decodeURIComponent(db.replace(/^file:(\/\/(?=\/))?/i, '').replace(/[?#].*$/, ''));
  return path === '' || path.startsWith(':memory:') ? null : path;
}

/** `--db` as it may be printed: a URL's password or token is never shown. */
export function describeDatabase(db: string): string {
  return db.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@]*@/i, '$1:***@').replace(/([?&]authToken=)[^&]*/gi, '$1***');
}

/**
 * Opens the store a command's `--db` names: a `postgres://` URL opens `memstack/postgres` (loaded only then: `pg`
 * is an optional peer), in `schema` when given; a libSQL URL opens `memstack/libsql` (`@libsql/client`, likewise),
 * with the token of `?authToken=` or `LIBSQL_AUTH_TOKEN`; anything else a SQLite file, whose folder is created.
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
  if (isLibsqlUrl(db)) {
    const { libsqlStore } = await import('../libsql.js').catch((error: unknown) => {
      throw new ConfigError(
        'INVALID_CONFIG',
        `cannot load the libSQL store (memstack/libsql needs @libsql/client installed): ${String(error)}`,
      );
    });
    const authToken = process.env.LIBSQL_AUTH_TOKEN;
    return libsqlStore({ url: db, ...(authToken ? { authToken } : {}) });
  }
  if (db !== ':memory:') mkdirSync(dirname(resolve(db)), { recursive: true });
  return sqliteStore({ path: db });
}
