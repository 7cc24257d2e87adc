import type { TurnCandidate } from '../../spec/memory-store.js';
import { type TurnRow, toTurn } from '../sql/map-session-rows.js';
import type { SqlConnection } from '../sql/sql.js';
import type { SqlSearch } from '../sql/sql-dialect.js';
import { sessionToken } from './session-token.js';
import { quoteFts5, toFts5Match } from './to-fts5-match.js';

/** The columns of each index (after the session) that hold the fields of a turn's index document. */
const WORD_COLUMNS = { text: 'text', context: 'context', dated: 'dated' } as const;
const GRAM_COLUMNS = { text: 'grams', context: 'context_grams' } as const;
const TURN_COLUMNS = 't.id, t.role, t.text, t.user_id, t.tokens, t.path, t.created_at';

/** One index's best matches in the session: bm25 with the fields' weights (the session column weighs nothing). */
const search = (index: 'turns_words' | 'turns_cjk', weights: number) =>
  `SELECT ${TURN_COLUMNS}, bm25(${index}, 0.0${', ?'.repeat(weights)}) AS score FROM ${index}
   CROSS JOIN turns t ON t.id = ${index}.rowid
   WHERE ${index} MATCH ? AND ${index}.rowid < ? AND t.session_key = ? ORDER BY score LIMIT ?`;
const SEARCH_WORDS = search('turns_words', 3);
const SEARCH_GRAMS = search('turns_cjk', 2);

/**
 * SQLite's turn search over its turn indexes (`turns_words`, `turns_cjk`, FTS5), ranked by FTS5's bm25 in one read: a
 * turn found by both indexes adds up its relevance.
 */
export function sqliteTurnSearch(connection: SqlConnection): SqlSearch['turns'] {
  return (sessionKey, query, { limit, beforeTurnId }) =>
    connection.read('search turns', async (sql) => {
      const before = beforeTurnId ?? Number.MAX_SAFE_INTEGER;
      const inSession = `session : ${quoteFts5(sessionToken(sessionKey))}`;
      const hits = new Map<number, TurnCandidate>();
      const add = (rows: Array<TurnRow & { score: number }>) => {
        for (const row of rows) {
          const seen = hits.get(row.id);
          // bm25 is negative, lower is better.
          if (seen) seen.relevance -= row.score;
          else hits.set(row.id, { turn: toTurn(row), relevance: -row.score });
        }
      };
      const { words, grams } = query;
      if (words.terms.length > 0) {
        const match = `${inSession} AND (${words.terms.map((term) => toFts5Match(term, WORD_COLUMNS)).join(' OR ')})`;
        const weights = [words.weights.text, words.weights.context, words.weights.dated];
        add(await sql.all(SEARCH_WORDS, [...weights, match, before, sessionKey, limit]));
      }
      if (grams.terms.length > 0) {
        const match = `${inSession} AND (${grams.terms.map((term) => toFts5Match(term, GRAM_COLUMNS)).join(' OR ')})`;
        add(await sql.all(SEARCH_GRAMS, [grams.weights.text, grams.weights.context, match, before, sessionKey, limit]));
      }
      return [...hits.values()].sort((a, b) => b.relevance - a.relevance || b.turn.id - a.turn.id).slice(0, limit);
    });
}
