import { dateTerms } from '../../core/date-terms.js';
import { cjkBigrams } from '../../core/language/cjk-bigrams.js';
import type { FactQuery, TurnCandidate } from '../../spec/memory-store.js';
import { type TurnRow, toTurn } from './map-sqlite-rows.js';
import { neighbourContext } from './neighbour-context.js';
import { sessionToken } from './session-token.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { quoteFts5, toFts5Terms } from './to-fts5-terms.js';

/** bm25 column weights: (session, text, context, dated) and (session, grams, context grams). */
const WORD_WEIGHTS = '0.0, 1.0, 0.4, 1.0';
const CJK_WEIGHTS = '0.0, 1.0, 0.4';
const TURN_COLUMNS = 't.id, t.role, t.text, t.user_id, t.tokens, t.path, t.created_at';

interface IndexedTurn {
  id: number;
  text: string;
  created_at: number;
}

export interface SqliteTurnIndex {
  /** Indexes a new exchange, and gives the turn before it its new neighbour. Runs inside the caller's transaction. */
  addExchange(sessionKey: string, user: IndexedTurn, assistant: IndexedTurn): void;
  /** Re-indexes every turn of a session (after the migration that added the index). */
  reindexSession(sessionKey: string): void;
  /**
   * Re-indexes the turns left beside deleted ones (their neighbour context quoted them): for each deleted id, the
   * nearest remaining turn before and after it. Runs inside the caller's transaction, after the deletion.
   */
  reindexBeside(sessionKey: string, deletedIds: readonly number[]): void;
  search(sessionKey: string, query: FactQuery, options: { limit: number; beforeTurnId?: number }): TurnCandidate[];
}

/**
 * The turn index behind turn recall: each turn is indexed with its text, the heads of the turns before and after
 * it in the session (at a lower weight: an answer's topic is often in the question before it), and the calendar
 * terms of when it was said. Deleting a turn deletes its entries (a trigger), with FTS5 secure-delete on.
 */
export function sqliteTurnIndex(database: SqliteDatabase): SqliteTurnIndex {
  const statements = {
    lastTwo: database.prepare(
      'SELECT id, text, created_at FROM turns WHERE session_key = ? AND id < ? ORDER BY id DESC LIMIT 2',
    ),
    sessionTurns: database.prepare('SELECT id, text, created_at FROM turns WHERE session_key = ? ORDER BY id'),
    turn: database.prepare('SELECT id, text, created_at FROM turns WHERE session_key = ? AND id = ?'),
    before: database.prepare(
      'SELECT id, text, created_at FROM turns WHERE session_key = ? AND id < ? ORDER BY id DESC LIMIT 1',
    ),
    after: database.prepare(
      'SELECT id, text, created_at FROM turns WHERE session_key = ? AND id > ? ORDER BY id LIMIT 1',
    ),
    deleteWords: database.prepare('DELETE FROM turns_words WHERE rowid = ?'),
    deleteCjk: database.prepare('DELETE FROM turns_cjk WHERE rowid = ?'),
    insertWords: database.prepare(
      'INSERT INTO turns_words (rowid, session, text, context, dated) VALUES (?, ?, ?, ?, ?)',
    ),
    insertCjk: database.prepare('INSERT INTO turns_cjk (rowid, session, grams, context_grams) VALUES (?, ?, ?, ?)'),
    searchWords: database.prepare(
      `SELECT ${TURN_COLUMNS}, bm25(turns_words, ${WORD_WEIGHTS}) AS score FROM turns_words
       CROSS JOIN turns t ON t.id = turns_words.rowid
       WHERE turns_words MATCH ? AND turns_words.rowid < ? AND t.session_key = ? ORDER BY score LIMIT ?`,
    ),
    searchCjk: database.prepare(
      `SELECT ${TURN_COLUMNS}, bm25(turns_cjk, ${CJK_WEIGHTS}) AS score FROM turns_cjk
       CROSS JOIN turns t ON t.id = turns_cjk.rowid
       WHERE turns_cjk MATCH ? AND turns_cjk.rowid < ? AND t.session_key = ? ORDER BY score LIMIT ?`,
    ),
  };

  /** Writes a turn's entries; `replace`: it may have entries already (a new turn has none). */
  const put = (token: string, turn: IndexedTurn, neighbours: Array<IndexedTurn | undefined>, replace = true) => {
    if (replace) {
      statements.deleteWords.run(turn.id);
      statements.deleteCjk.run(turn.id);
    }
    const { context, grams } = neighbourContext(neighbours.map((neighbour) => neighbour?.text));
    const dated = dateTerms(new Date(turn.created_at)).join(' ');
    statements.insertWords.run(turn.id, token, turn.text, context, dated);
    statements.insertCjk.run(turn.id, token, cjkBigrams(turn.text), grams);
  };

  return {
    addExchange(sessionKey, user, assistant) {
      const token = sessionToken(sessionKey);
      const [previous, beforePrevious] = statements.lastTwo.all(sessionKey, user.id) as IndexedTurn[];
      if (previous) put(token, previous, [beforePrevious, user]);
      put(token, user, [previous, assistant], false);
      put(token, assistant, [user], false);
    },
    reindexSession(sessionKey) {
      const token = sessionToken(sessionKey);
      const turns = statements.sessionTurns.all(sessionKey) as IndexedTurn[];
      turns.forEach((turn, index) => {
        put(token, turn, [turns[index - 1], turns[index + 1]]);
      });
    },
    reindexBeside(sessionKey, deletedIds) {
      const token = sessionToken(sessionKey);
      const beside = new Set<number>();
      for (const id of deletedIds) {
        for (const statement of [statements.before, statements.after]) {
          const turn = statement.get(sessionKey, id) as IndexedTurn | undefined;
          if (turn) beside.add(turn.id);
        }
      }
      for (const id of beside) {
        const turn = statements.turn.get(sessionKey, id) as IndexedTurn;
        const previous = statements.before.get(sessionKey, id) as IndexedTurn | undefined;
        const next = statements.after.get(sessionKey, id) as IndexedTurn | undefined;
        put(token, turn, [previous, next]);
      }
    },
    search(sessionKey, query, { limit, beforeTurnId }) {
      const terms = toFts5Terms(query);
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
      const words = [
        ...(terms.words.length > 0 ? [`{text context} : (${terms.words.join(' OR ')})`] : []),
        ...(terms.dates.length > 0 ? [`dated : (${terms.dates.join(' OR ')})`] : []),
      ];
      if (words.length > 0) {
        add(statements.searchWords.all(`${inSession} AND (${words.join(' OR ')})`, before, sessionKey, limit) as never);
      }
      if (terms.cjk.length > 0) {
        const match = `${inSession} AND {grams context_grams} : (${terms.cjk.join(' OR ')})`;
        add(statements.searchCjk.all(match, before, sessionKey, limit) as never);
      }
      return [...hits.values()].sort((a, b) => b.relevance - a.relevance || b.turn.id - a.turn.id).slice(0, limit);
    },
  };
}
