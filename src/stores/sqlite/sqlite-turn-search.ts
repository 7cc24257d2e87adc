import type { TurnSearch } from '../../spec/memory-store.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteGuard } from './sqlite-guard.js';
import { sqliteTurnIndex } from './sqlite-turn-index.js';

/** The SQLite store's turn search: the turn index (`turns_words`, `turns_cjk`) behind a guard. */
export function sqliteTurnSearch(database: SqliteDatabase, guard: SqliteGuard): TurnSearch {
  const turnIndex = sqliteTurnIndex(database);
  return {
    search: (key, query, options) => guard('search turns', () => turnIndex.search(key, query, options)),
  };
}
