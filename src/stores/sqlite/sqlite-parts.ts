import type { SqlConnection } from '../sql/sql.js';
import type { SqlDialect } from '../sql/sql-dialect.js';
import type { SqlStoreParts } from '../sql/sql-store.js';
import { fts5FactColumns, sqliteFactSearch } from './sqlite-fact-search.js';
import { sqliteTurnIndexWrites } from './sqlite-turn-index-writes.js';
import { sqliteTurnSearch } from './sqlite-turn-search.js';

/** The full-text indexes (FTS5 tables), whose segments a forget rewrites too. */
export const FTS_INDEXES = ['facts_words', 'facts_cjk', 'turns_words', 'turns_cjk'];

/** SQLite's dialect, on any connection that speaks its SQL (better-sqlite3, libSQL). */
export function sqliteDialect(name: string, connection: SqlConnection): SqlDialect {
  // A write transaction holds the whole file's write lock: rows need no lock of their own.
  return { name, connection, table: (table) => table, lockRows: '' };
}

/**
 * What SQLite's SQL brings to the shared domain, on any connection that speaks it: FTS5 search and index writes, the
 * scope's token in each fact row, JSON text read as it is, a clarification found with `json_each`.
 */
export function sqliteParts(connection: SqlConnection): Pick<
  SqlStoreParts,
  'search' | 'turnIndexWrites' | 'factIndexColumns' | 'json'
> & {
  forget: Pick<SqlStoreParts['forget'], 'clarifiedBy'>;
} {
  return {
    search: { facts: sqliteFactSearch(connection), turns: sqliteTurnSearch(connection) },
    turnIndexWrites: sqliteTurnIndexWrites,
    factIndexColumns: fts5FactColumns,
    json: (column) => column,
    forget: {
      clarifiedBy: (column) => `EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_extract(value, '$.userId') = ?)`,
    },
  };
}
