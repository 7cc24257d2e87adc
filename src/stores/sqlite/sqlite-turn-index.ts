import {
  buildTurnContext,
  buildTurnDocument,
  joinTurnDocument,
  type TurnTextFields,
} from '../../core/search/build-turn-document.js';
import { TURN_CONTEXT_REACH, turnNeighbours } from '../../core/search/turn-neighbours.js';
import type { SearchQuery, TurnCandidate } from '../../spec/memory-store.js';
import { type TurnRow, toTurn } from '../sql/map-session-rows.js';
import { sessionToken } from './session-token.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { quoteFts5, toFts5Match } from './to-fts5-match.js';

/** The columns of each index (after the session) that hold the fields of a turn's index document. */
const WORD_COLUMNS = { text: 'text', context: 'context', dated: 'dated' } as const;
const GRAM_COLUMNS = { text: 'grams', context: 'context_grams' } as const;
const TURN_COLUMNS = 't.id, t.role, t.text, t.user_id, t.tokens, t.path, t.created_at';

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
  /** Re-indexes every turn of a session (after the migration that added the index). */
  reindexSession(sessionKey: string): void;
  /**
   * Re-indexes the turns left beside deleted ones (their neighbour context quoted them): for each deleted id, the
   * remaining turns within reach before and after it. Runs inside the caller's transaction, after the deletion.
   */
  reindexBeside(sessionKey: string, deletedIds: readonly number[]): void;
  search(sessionKey: string, query: SearchQuery, options: { limit: number; beforeTurnId?: number }): TurnCandidate[];
}

/**
 * The turn index behind turn recall: each turn is indexed as `buildTurnDocument` gives it, with the turns before and
 * after it in the session. Deleting a turn deletes its entries (a trigger), with FTS5 secure-delete on. `reach`: how
 * many turns a context quotes; the store always uses `TURN_CONTEXT_REACH`, the bench that re-fits it re-indexes with
 * others.
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
    sessionTurns: database.prepare('SELECT id, text, created_at FROM turns WHERE session_key = ? ORDER BY id'),
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
    searchWords: database.prepare(
      `SELECT ${TURN_COLUMNS}, bm25(turns_words, 0.0, ?, ?, ?) AS score FROM turns_words
       CROSS JOIN turns t ON t.id = turns_words.rowid
       WHERE turns_words MATCH ? AND turns_words.rowid < ? AND t.session_key = ? ORDER BY score LIMIT ?`,
    ),
    searchCjk: database.prepare(
      `SELECT ${TURN_COLUMNS}, bm25(turns_cjk, 0.0, ?, ?) AS score FROM turns_cjk
       CROSS JOIN turns t ON t.id = turns_cjk.rowid
       WHERE turns_cjk MATCH ? AND turns_cjk.rowid < ? AND t.session_key = ? ORDER BY score LIMIT ?`,
    ),
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
    reindexSession(sessionKey) {
      const token = sessionToken(sessionKey);
      const turns = statements.sessionTurns.all(sessionKey) as IndexedTurn[];
      turns.forEach((turn, index) => {
        put(token, turn, turnNeighbours(turns, index, reach));
      });
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
    search(sessionKey, query, { limit, beforeTurnId }) {
      const before = beforeTurnId ?? Number.MAX_SAFE_INTEGER;
      const inSession = `session : ${quoteFts5(sessionToken(sessionKey))}`;
      const hits = new Map<number, TurnCandidate>();
      const add = (rows: Array<TurnRow & { score: number }>) => {
        for (const row of rows) {
          const seen = hits.get(row.id);
          // bm25 is negative, lower is better; a turn found by both indexes adds up its relevance.
          if (seen) seen.relevance -= row.score;
          else hits.set(row.id, { turn: toTurn(row), relevance: -row.score });
        }
      };
      const { words, grams } = query;
      if (words.terms.length > 0) {
        const match = `${inSession} AND (${words.terms.map((term) => toFts5Match(term, WORD_COLUMNS)).join(' OR ')})`;
        const weights = [words.weights.text, words.weights.context, words.weights.dated];
        add(statements.searchWords.all(...weights, match, before, sessionKey, limit) as never);
      }
      if (grams.terms.length > 0) {
        const match = `${inSession} AND (${grams.terms.map((term) => toFts5Match(term, GRAM_COLUMNS)).join(' OR ')})`;
        add(
          statements.searchCjk.all(
            grams.weights.text,
            grams.weights.context,
            match,
            before,
            sessionKey,
            limit,
          ) as never,
        );
      }
      return [...hits.values()].sort((a, b) => b.relevance - a.relevance || b.turn.id - a.turn.id).slice(0, limit);
    },
  };
}
