import {
  buildTurnContext,
  buildTurnDocument,
  joinTurnDocument,
  type TurnTextFields,
} from '../../core/search/build-turn-document.js';
import { TURN_CONTEXT_REACH, turnNeighbours } from '../../core/search/turn-neighbours.js';
import { sessionToken } from './session-token.js';
import type { SqliteDatabase } from './sqlite-database.js';

interface IndexedTurn {
  id: number;
  text: string;
  created_at: number;
}

export interface SqliteTurnIndex {
  /**
   * Indexes a new exchange, and gives the turns before it whose context reaches it (`TURN_CONTEXT_REACH`) their new
   * neighbours.
   * Runs inside the caller's transaction.
   * `own`: the new turns' own fields, built before the transaction (`buildTurnText`).
   */
  addExchange(
    sessionKey: string,
    user: IndexedTurn,
    assistant: IndexedTurn,
    own: { user: TurnTextFields; assistant: TurnTextFields },
  ): void;
  /**
   * Re-indexes the turns left beside deleted ones (their neighbour context quoted them): for each deleted id, the
   * remaining turns within reach before and after it. Runs inside the caller's transaction, after the deletion.
   */
  reindexBeside(sessionKey: string, deletedIds: readonly number[]): void;
}

/**
 * The turn index's writes for the code that still runs inside a better-sqlite3 transaction (the session store's
 * exchange, forget): the shared `sqlTurnIndex` over `Sql` does the same, asynchronously, and replaces this file once
 * those move to the shared domain.
 */
export function sqliteTurnIndex(
  database: SqliteDatabase,
  reach: { before: number; after: number } = TURN_CONTEXT_REACH,
): SqliteTurnIndex {
  const statements = {
    // The turns before a new exchange whose context it enters, and the turns their own contexts quote.
    previous: database.prepare(
      `SELECT id, text, created_at FROM turns WHERE session_key = ? AND id < ? ORDER BY id DESC
       LIMIT ${reach.before + reach.after}`,
    ),
    turn: database.prepare('SELECT id, text, created_at FROM turns WHERE session_key = ? AND id = ?'),
    before: database.prepare(
      'SELECT id, text, created_at FROM turns WHERE session_key = ? AND id < ? ORDER BY id DESC LIMIT ?',
    ),
    after: database.prepare(
      'SELECT id, text, created_at FROM turns WHERE session_key = ? AND id > ? ORDER BY id LIMIT ?',
    ),
    deleteWords: database.prepare('DELETE FROM turns_words WHERE rowid = ?'),
    deleteCjk: database.prepare('DELETE FROM turns_cjk WHERE rowid = ?'),
    insertWords: database.prepare(
      'INSERT INTO turns_words (rowid, session, text, context, dated) VALUES (?, ?, ?, ?, ?)',
    ),
    insertCjk: database.prepare('INSERT INTO turns_cjk (rowid, session, grams, context_grams) VALUES (?, ?, ?, ?)'),
    updateWordsContext: database.prepare('UPDATE turns_words SET context = ? WHERE rowid = ?'),
    updateCjkContext: database.prepare('UPDATE turns_cjk SET context_grams = ? WHERE rowid = ?'),
  };

  /** Writes a turn's entries; `replace`: it may have entries already (a new turn has none). */
  const put = (
    token: string,
    turn: IndexedTurn,
    neighbours: Array<IndexedTurn | undefined>,
    replace = true,
    own?: TurnTextFields,
  ) => {
    if (replace) {
      statements.deleteWords.run(turn.id);
      statements.deleteCjk.run(turn.id);
    }
    const texts = neighbours.map((neighbour) => neighbour?.text);
    const document = own
      ? joinTurnDocument(own, buildTurnContext(texts))
      : buildTurnDocument({ text: turn.text, at: new Date(turn.created_at) }, texts);
    const { words, grams } = document;
    statements.insertWords.run(turn.id, token, words.text, words.context, words.dated);
    statements.insertCjk.run(turn.id, token, grams.text, grams.context);
  };

  return {
    addExchange(sessionKey, user, assistant, own) {
      const token = sessionToken(sessionKey);
      // In session order: the turns before the exchange, then the exchange.
      const window = [...(statements.previous.all(sessionKey, user.id) as IndexedTurn[]).reverse(), user, assistant];
      const userAt = window.length - 2;
      // The turns before get new neighbours: only their context fields change (FTS5 re-reads its own text natively;
      // tokenising a long turn again in JavaScript would hold the transaction, and the event loop).
      for (let at = Math.max(0, userAt - reach.after); at < userAt; at += 1) {
        const turn = window[at] as IndexedTurn;
        const context = buildTurnContext(turnNeighbours(window, at, reach).map((neighbour) => neighbour.text));
        statements.updateWordsContext.run(context.words, turn.id);
        statements.updateCjkContext.run(context.grams, turn.id);
      }
      put(token, user, turnNeighbours(window, userAt, reach), false, own.user);
      put(token, assistant, turnNeighbours(window, userAt + 1, reach), false, own.assistant);
    },
    reindexBeside(sessionKey, deletedIds) {
      const token = sessionToken(sessionKey);
      const beside = new Set<number>();
      for (const id of deletedIds) {
        // The turns whose context reached the deleted one: those it followed within their `after`, and those that
        // followed it within their `before`.
        for (const turn of [
          ...(statements.before.all(sessionKey, id, reach.after) as IndexedTurn[]),
          ...(statements.after.all(sessionKey, id, reach.before) as IndexedTurn[]),
        ]) {
          beside.add(turn.id);
        }
      }
      for (const id of beside) {
        const turn = statements.turn.get(sessionKey, id) as IndexedTurn | undefined;
        if (!turn) continue;
        const before = (statements.before.all(sessionKey, id, reach.before) as IndexedTurn[]).reverse();
        const after = statements.after.all(sessionKey, id, reach.after) as IndexedTurn[];
        put(token, turn, [...before, ...after]);
      }
    },
  };
}
