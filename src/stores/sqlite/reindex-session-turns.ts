import { TURN_CONTEXT_REACH } from '../../core/search/turn-neighbours.js';
import { sessionTurnEntries } from '../sql/sql-turn-index.js';
import type { SqliteDatabase, SqliteStatement } from './sqlite-database.js';
import { turnIndexStatements } from './sqlite-turn-index-writes.js';

/**
 * Re-indexes every turn of a session, synchronously: the migrations run inside one better-sqlite3 transaction at
 * open, before the store has a connection. The same documents and statements as the shared turn index's
 * `reindexSession`.
 */
export function reindexSessionTurns(
  database: SqliteDatabase,
  sessionKey: string,
  reach: { before: number; after: number } = TURN_CONTEXT_REACH,
): void {
  const rows = database
    .prepare('SELECT id, text, created_at FROM turns WHERE session_key = ? ORDER BY id')
    .all(sessionKey) as Array<{ id: number; text: string; created_at: number }>;
  const turns = rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
  const prepared = new Map<string, SqliteStatement>();
  for (const entry of sessionTurnEntries(turns, reach)) {
    for (const [text, values] of turnIndexStatements(sessionKey, entry)) {
      const statement = prepared.get(text) ?? database.prepare(text);
      prepared.set(text, statement);
      statement.run(...values);
    }
  }
}
