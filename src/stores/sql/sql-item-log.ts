import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import type { ItemLog, StoredItem } from '../../spec/item-log.js';
import type { SqlDialect } from './sql-dialect.js';

/** Items per INSERT statement: their values are a statement's, which an engine limits (SQLite to 32,766). */
const ITEMS_PER_STATEMENT = 500;

interface ItemRow {
  id: number | string;
  item: string;
}

/**
 * The item log (`ItemLog`) on any SQL engine: one row per item, its JSON text as given (a text column: Postgres's
 * jsonb would reorder keys), in id order. An append counts the log and inserts in one transaction; appends to one
 * session come one at a time from its framework (the Agents SDK awaits each), so their ids keep their order.
 */
export function sqlItemLog(dialect: SqlDialect): ItemLog {
  const { connection } = dialect;
  const items = dialect.table('session_items');
  const sessions = dialect.table('sessions');
  const turns = dialect.table('turns');
  const toItem = (row: ItemRow): StoredItem => ({ id: Number(row.id), json: row.item });

  return {
    append: (owner, texts, { maxItems, at }) =>
      connection.write('append items', async (sql) => {
        if (texts.length === 0) return;
        const count = await sql.get<{ n: number | string }>(
          `SELECT count(*) AS n FROM ${items} WHERE session_key = ?`,
          [owner.sessionKey],
        );
        if (Number(count?.n ?? 0) + texts.length > maxItems) {
          throw new InvalidInputError(
            'TOO_MANY_ITEMS',
            'items',
            `the session's item log holds at most ${maxItems} items: clear it, or pop items first`,
          );
        }
        for (let start = 0; start < texts.length; start += ITEMS_PER_STATEMENT) {
          const batch = texts.slice(start, start + ITEMS_PER_STATEMENT);
          await sql.run(
            `INSERT INTO ${items} (session_key, agent_id, channel_id, thread_id, user_id, item, created_at)
             VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
            batch.flatMap((text) => [
              owner.sessionKey,
              owner.agentId,
              owner.channelId,
              owner.threadId,
              owner.userId,
              text,
              at,
            ]),
          );
        }
      }),
    list: (sessionKey, options = {}) =>
      connection.read('list items', async (sql) => {
        if (options.limit === undefined) {
          const rows = await sql.all<ItemRow>(`SELECT id, item FROM ${items} WHERE session_key = ? ORDER BY id`, [
            sessionKey,
          ]);
          return rows.map(toItem);
        }
        const limit = Math.max(0, Math.floor(options.limit));
        const rows = await sql.all<ItemRow>(
          `SELECT id, item FROM ${items} WHERE session_key = ? ORDER BY id DESC LIMIT ?`,
          [sessionKey, limit],
        );
        return rows.reverse().map(toItem);
      }),
    pop: (sessionKey) =>
      connection.write('pop item', async (sql) => {
        const row = await sql.get<ItemRow>(
          `SELECT id, item FROM ${items} WHERE session_key = ? ORDER BY id DESC LIMIT 1 ${dialect.lockRows}`,
          [sessionKey],
        );
        if (!row) return null;
        await sql.run(`DELETE FROM ${items} WHERE id = ?`, [row.id]);
        return toItem(row);
      }),
    clear: (sessionKey, at) =>
      connection.write('clear items', async (sql) => {
        const removed = await sql.run(`DELETE FROM ${items} WHERE session_key = ?`, [sessionKey]);
        // The conversation starts over: no pin, no summary, and the summary's watermark past the last stored turn, so
        // that no turn is history any more. The turns stay (search, forget); the facts are the user's, kept.
        await sql.run(
          `UPDATE ${sessions} SET pin_task = NULL, pin_task_user_id = NULL, pin_task_source = NULL, pin_task_at = NULL,
             pin_clarifications = '[]', pin_attempts = 0, task_source_turn_id = NULL, summary = NULL,
             summary_through = (SELECT coalesce(max(id), 0) FROM ${turns} WHERE session_key = sessions.key),
             system_pin = NULL, system_pin_at = NULL, pin_version = pin_version + 1,
             history_version = history_version + 1, updated_at = ?
           WHERE key = ?`,
          [at, sessionKey],
        );
        return removed;
      }),
  };
}
