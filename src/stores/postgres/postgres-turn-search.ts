import type { TurnSearch } from '../../spec/memory-store.js';
import type { PostgresGuard } from './postgres-guard.js';
import { postgresTurnIndex } from './postgres-turn-index.js';

/** The Postgres store's turn search: the turn index (`turn_index`) behind a guard. */
export function postgresTurnSearch(schema: string, guard: PostgresGuard): TurnSearch {
  const turnIndex = postgresTurnIndex(schema);
  return {
    search: (key, query, options) => guard.search('search turns', (sql) => turnIndex.search(sql, key, query, options)),
  };
}
