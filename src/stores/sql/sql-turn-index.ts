import {
  buildTurnContext,
  buildTurnDocument,
  joinTurnDocument,
  type TurnTextFields,
} from '../../core/search/build-turn-document.js';
import { TURN_CONTEXT_REACH, turnNeighbours } from '../../core/search/turn-neighbours.js';
import type { IndexDocument } from '../../spec/memory-store.js';
import { type Sql, sqlDate } from './sql.js';
import type { SqlDialect } from './sql-dialect.js';

/** A turn as its index document is built from. */
export interface IndexedTurn {
  id: number;
  text: string;
  created_at: Date;
}

/** A turn's index document, to write. */
export interface TurnIndexEntry {
  id: number;
  document: IndexDocument;
}

/** The index writes that differ by engine (FTS5 tables in SQLite, `turn_index` in Postgres). */
export interface TurnIndexWrites {
  /** Writes the documents of turns of one session, replacing any they had. */
  put(sql: Sql, sessionKey: string, entries: readonly TurnIndexEntry[]): Promise<void>;
  /** Rewrites only the context fields of turns already indexed (their own fields never change). */
  setContexts(
    sql: Sql,
    entries: ReadonlyArray<{ id: number; context: { words: string; grams: string } }>,
  ): Promise<void>;
}

export interface SqlTurnIndex {
  /**
   * Indexes a new exchange, and gives the turns before it whose context reaches it their new neighbours, in the
   * caller's transaction. `own`: the new turns' own fields, built before the transaction (`buildTurnText`).
   */
  addExchange(
    sql: Sql,
    sessionKey: string,
    user: IndexedTurn,
    assistant: IndexedTurn,
    own: { user: TurnTextFields; assistant: TurnTextFields },
  ): Promise<void>;
  /** Re-indexes every turn of a session. */
  reindexSession(sql: Sql, sessionKey: string): Promise<void>;
  /**
   * Re-indexes the turns left beside deleted ones (their context quoted them): for each deleted id, the remaining
   * turns within reach before and after it. In the caller's transaction, after the deletion.
   */
  reindexBeside(sql: Sql, sessionKey: string, deletedIds: readonly number[]): Promise<void>;
}

/** Each turn's document, with the turns beside it in `turns` (in session order) as its neighbours. */
export function sessionTurnEntries(
  turns: readonly IndexedTurn[],
  reach: { before: number; after: number } = TURN_CONTEXT_REACH,
): TurnIndexEntry[] {
  return turns.map((_, index) => entryAt(turns, index, reach));
}

function entryAt(turns: readonly IndexedTurn[], index: number, reach: { before: number; after: number }) {
  const turn = turns[index] as IndexedTurn;
  const neighbours = turnNeighbours(turns, index, reach).map((neighbour) => neighbour.text);
  return { id: turn.id, document: buildTurnDocument({ text: turn.text, at: turn.created_at }, neighbours) };
}

/**
 * The turn index behind turn recall: each turn indexed as `buildTurnDocument` gives it, with the turns before and
 * after it in the session as context. `reach`: how many turns a context quotes; the store always uses
 * `TURN_CONTEXT_REACH`, the bench that re-fits it re-indexes with others.
 */
export function sqlTurnIndex(
  dialect: Pick<SqlDialect, 'table'>,
  writes: TurnIndexWrites,
  reach: { before: number; after: number } = TURN_CONTEXT_REACH,
): SqlTurnIndex {
  const turns = dialect.table('turns');
  const read = async (sql: Sql, text: string, values: Array<string | number>) =>
    (await sql.all<{ id: number; text: string; created_at: unknown }>(text, values)).map((row) => ({
      id: Number(row.id),
      text: row.text,
      created_at: sqlDate(row.created_at),
    }));
  const before = `SELECT id, text, created_at FROM ${turns} WHERE session_key = ? AND id < ? ORDER BY id DESC LIMIT ?`;
  const after = `SELECT id, text, created_at FROM ${turns} WHERE session_key = ? AND id > ? ORDER BY id LIMIT ?`;
  const span = reach.before + reach.after;

  return {
    async addExchange(sql, sessionKey, user, assistant, own) {
      // In session order: the turns before the exchange whose contexts it enters (and the turns theirs quote), then
      // the exchange.
      const window = [...(await read(sql, before, [sessionKey, user.id, span])).reverse(), user, assistant];
      const userAt = window.length - 2;
      // The turns before get new neighbours: only their context fields change (tokenising a long turn's own text
      // again would hold the transaction).
      const contextAt = (at: number) =>
        buildTurnContext(turnNeighbours(window, at, reach).map((neighbour) => neighbour.text));
      const contexts = [];
      for (let at = Math.max(0, userAt - reach.after); at < userAt; at += 1) {
        contexts.push({ id: (window[at] as IndexedTurn).id, context: contextAt(at) });
      }
      if (contexts.length > 0) await writes.setContexts(sql, contexts);
      await writes.put(sql, sessionKey, [
        { id: user.id, document: joinTurnDocument(own.user, contextAt(userAt)) },
        { id: assistant.id, document: joinTurnDocument(own.assistant, contextAt(userAt + 1)) },
      ]);
    },
    async reindexSession(sql, sessionKey) {
      const all = await read(sql, `SELECT id, text, created_at FROM ${turns} WHERE session_key = ? ORDER BY id`, [
        sessionKey,
      ]);
      await writes.put(sql, sessionKey, sessionTurnEntries(all, reach));
    },
    async reindexBeside(sql, sessionKey, deletedIds) {
      const entries = new Map<number, TurnIndexEntry>();
      for (const deletedId of deletedIds) {
        // The remaining turns around the deleted one, far enough on each side for every turn whose context reached
        // it (within its `after` before it, within its `before` after it) to have all its neighbours here.
        const earlier = (await read(sql, before, [sessionKey, deletedId, span])).reverse();
        const around = [...earlier, ...(await read(sql, after, [sessionKey, deletedId, span]))];
        const last = Math.min(around.length, earlier.length + reach.before);
        for (let index = Math.max(0, earlier.length - reach.after); index < last; index += 1) {
          const entry = entryAt(around, index, reach);
          entries.set(entry.id, entry);
        }
      }
      if (entries.size > 0) await writes.put(sql, sessionKey, [...entries.values()]);
    },
  };
}
