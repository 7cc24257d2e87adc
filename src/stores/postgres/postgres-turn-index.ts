import {
  buildTurnContext,
  buildTurnDocument,
  joinTurnDocument,
  type TurnTextFields,
} from '../../core/search/build-turn-document.js';
import { TURN_CONTEXT_REACH, turnNeighbours } from '../../core/search/turn-neighbours.js';
import type { Sql } from './postgres-guard.js';

interface IndexedTurn {
  id: number;
  text: string;
  created_at: Date;
}

export interface PostgresTurnIndex {
  /**
   * Indexes a new exchange, and gives the turns before it whose context reaches it (`TURN_CONTEXT_REACH`) their new
   * neighbours,
   * in the caller's transaction. `own`: the new turns' own fields, built before the transaction (`buildTurnText`).
   */
  addExchange(
    sql: Sql,
    sessionKey: string,
    user: IndexedTurn,
    assistant: IndexedTurn,
    own: { user: TurnTextFields; assistant: TurnTextFields },
  ): Promise<void>;
  /**
   * Re-indexes the turns left beside deleted ones (their neighbour context quoted them): for each deleted id, the
   * remaining turns within reach before and after it. In the caller's transaction, after the deletion.
   */
  reindexBeside(sql: Sql, sessionKey: string, deletedIds: readonly number[]): Promise<void>;
}

/**
 * The turn index behind turn recall (`turn_index`): each turn as `buildTurnDocument` gives it, with the turns before
 * and after it in the session; a deleted turn's row goes with it (a foreign key). Searched by `postgresSearch`.
 */
export function postgresTurnIndex(schema: string): PostgresTurnIndex {
  const table = `${schema}.turn_index`;
  /** Up to `count` turns on one side of a turn, in session order. */
  const neighbours = async (sql: Sql, sessionKey: string, id: number, side: 'before' | 'after', count: number) => {
    const rows = await sql.query<IndexedTurn>(
      side === 'before'
        ? `SELECT id, text, created_at FROM ${schema}.turns WHERE session_key = $1 AND id < $2 ORDER BY id DESC LIMIT $3`
        : `SELECT id, text, created_at FROM ${schema}.turns WHERE session_key = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [sessionKey, id, count],
    );
    return side === 'before' ? rows.reverse() : rows;
  };
  const put = async (
    sql: Sql,
    sessionKey: string,
    turn: IndexedTurn,
    neighbours: Array<IndexedTurn | undefined>,
    own?: TurnTextFields,
  ) => {
    const texts = neighbours.map((turn) => turn?.text);
    const { words, grams } = own
      ? joinTurnDocument(own, buildTurnContext(texts))
      : buildTurnDocument({ text: turn.text, at: turn.created_at }, texts);
    await sql.query(
      `INSERT INTO ${table} (turn_id, session_key, text, context, dated, grams, context_grams)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (turn_id) DO UPDATE SET text = excluded.text, context = excluded.context, dated = excluded.dated,
         grams = excluded.grams, context_grams = excluded.context_grams`,
      [turn.id, sessionKey, words.text, words.context, words.dated, grams.text, grams.context],
    );
  };

  return {
    async addExchange(sql, sessionKey, user, assistant, own) {
      // In session order: the turns before the exchange whose contexts it enters (and the turns theirs quote), then
      // the exchange.
      const previous = await sql.query<IndexedTurn>(
        `SELECT id, text, created_at FROM ${schema}.turns WHERE session_key = $1 AND id < $2 ORDER BY id DESC
         LIMIT ${TURN_CONTEXT_REACH.before + TURN_CONTEXT_REACH.after}`,
        [sessionKey, user.id],
      );
      const window = [...previous.reverse(), user, assistant];
      const userAt = window.length - 2;
      // The turns before get new neighbours: only their context fields change.
      for (let at = Math.max(0, userAt - TURN_CONTEXT_REACH.after); at < userAt; at += 1) {
        const context = buildTurnContext(turnNeighbours(window, at).map((turn) => turn.text));
        await sql.query(`UPDATE ${table} SET context = $1, context_grams = $2 WHERE turn_id = $3`, [
          context.words,
          context.grams,
          (window[at] as IndexedTurn).id,
        ]);
      }
      await put(sql, sessionKey, user, turnNeighbours(window, userAt), own.user);
      await put(sql, sessionKey, assistant, turnNeighbours(window, userAt + 1), own.assistant);
    },
    async reindexBeside(sql, sessionKey, deletedIds) {
      const beside = new Set<number>();
      for (const id of deletedIds) {
        // The turns whose context reached the deleted one: those it followed within their `after`, and those that
        // followed it within their `before`.
        for (const turn of [
          ...(await neighbours(sql, sessionKey, id, 'before', TURN_CONTEXT_REACH.after)),
          ...(await neighbours(sql, sessionKey, id, 'after', TURN_CONTEXT_REACH.before)),
        ]) {
          beside.add(turn.id);
        }
      }
      for (const id of beside) {
        const [turn] = await sql.query<IndexedTurn>(
          `SELECT id, text, created_at FROM ${schema}.turns WHERE session_key = $1 AND id = $2`,
          [sessionKey, id],
        );
        if (!turn) continue;
        const before = await neighbours(sql, sessionKey, id, 'before', TURN_CONTEXT_REACH.before);
        const after = await neighbours(sql, sessionKey, id, 'after', TURN_CONTEXT_REACH.after);
        await put(sql, sessionKey, turn, [...before, ...after]);
      }
    },
  };
}
