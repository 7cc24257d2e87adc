import type { IndexDocument, SearchQuery, TurnCandidate } from '../../spec/memory-store.js';
import { TURN_COLUMNS, type TurnRow, toTurn } from '../sql/map-session-rows.js';
import { type Bm25Table, rankBm25 } from './postgres-bm25-index.js';
import type { Sql } from './postgres-guard.js';

export interface PostgresTurnIndex {
  search(
    sql: Sql,
    sessionKey: string,
    query: SearchQuery,
    options: { limit: number; beforeTurnId?: number },
  ): Promise<TurnCandidate[]>;
}

/**
 * The search of the turn index behind turn recall (`turn_index`, written by the shared `sqlTurnIndex`): ranked as the
 * SQLite store's `turns_words` and `turns_cjk` are.
 */
export function postgresTurnIndex(schema: string): PostgresTurnIndex {
  const table = `${schema}.turn_index`;
  const words: Bm25Table<keyof IndexDocument['words']> = {
    table,
    id: 'turn_id',
    columns: { text: 'text', context: 'context', dated: 'dated' },
    length: 'words_length',
    vector: 'words_vector',
    indexed: 'true',
    stats: { table: `${schema}.index_stats`, name: 'turns', tokens: 'words_tokens' },
  };
  const grams: Bm25Table<keyof IndexDocument['grams']> = {
    table,
    id: 'turn_id',
    columns: { text: 'grams', context: 'context_grams' },
    length: 'grams_length',
    vector: 'grams_vector',
    indexed: 'true',
    stats: { table: `${schema}.index_stats`, name: 'turns', tokens: 'grams_tokens' },
  };

  return {
    async search(sql, sessionKey, query, { limit, beforeTurnId }) {
      const filter = {
        sql: 'session_key = $1 AND turn_id < $2',
        values: [sessionKey, beforeTurnId ?? Number.MAX_SAFE_INTEGER],
      };
      const relevance = new Map<number, number>();
      // A turn found by both indexes adds up its relevance.
      for (const hit of [
        ...(await rankBm25(sql, words, query.words.terms, query.words.weights, filter, limit)),
        ...(await rankBm25(sql, grams, query.grams.terms, query.grams.weights, filter, limit)),
      ]) {
        relevance.set(hit.id, (relevance.get(hit.id) ?? 0) + hit.score);
      }
      const best = [...relevance].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit);
      if (best.length === 0) return [];
      const rows = await sql.query<TurnRow>(`SELECT ${TURN_COLUMNS} FROM ${schema}.turns t WHERE t.id = ANY($1)`, [
        best.map(([id]) => id),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return best.flatMap(([id, score]) => {
        const row = byId.get(id);
        return row ? [{ turn: toTurn(row), relevance: score }] : [];
      });
    },
  };
}
