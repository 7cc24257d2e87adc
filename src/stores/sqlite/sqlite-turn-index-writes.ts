import type { SqlValue } from '../sql/sql.js';
import type { TurnIndexEntry, TurnIndexWrites } from '../sql/sql-turn-index.js';
import { sessionToken } from './session-token.js';

/**
 * The statements that write a turn's document into SQLite's turn indexes (FTS5: `turns_words`, `turns_cjk`, keyed by
 * the turn's id, with the session as a digits-only token). A turn that had a document has it replaced; a deleted
 * turn's entries go with it (a trigger), with FTS5 secure-delete on.
 */
export function turnIndexStatements(sessionKey: string, entry: TurnIndexEntry): Array<[string, SqlValue[]]> {
  const { words, grams } = entry.document;
  const token = sessionToken(sessionKey);
  return [
    [
      'INSERT OR REPLACE INTO turns_words (rowid, session, text, context, dated) VALUES (?, ?, ?, ?, ?)',
      [entry.id, token, words.text, words.context, words.dated],
    ],
    [
      'INSERT OR REPLACE INTO turns_cjk (rowid, session, grams, context_grams) VALUES (?, ?, ?, ?)',
      [entry.id, token, grams.text, grams.context],
    ],
  ];
}

/** SQLite's turn index writes, over `Sql` (any SQLite-flavoured connection). */
export const sqliteTurnIndexWrites: TurnIndexWrites = {
  async put(sql, sessionKey, entries) {
    for (const entry of entries) {
      for (const [text, values] of turnIndexStatements(sessionKey, entry)) await sql.run(text, values);
    }
  },
  async setContexts(sql, entries) {
    // FTS5 re-reads the turn's own columns itself: only the context is sent again.
    for (const { id, context } of entries) {
      await sql.run('UPDATE turns_words SET context = ? WHERE rowid = ?', [context.words, id]);
      await sql.run('UPDATE turns_cjk SET context_grams = ? WHERE rowid = ?', [context.grams, id]);
    }
  },
};
