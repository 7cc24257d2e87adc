import { parseStoredCacheMiss } from '../../core/validation/parse-stored-values.js';
import { parseTurnTrace } from '../../core/validation/parse-turn-trace.js';
import type { ReplyFigures, ScopeSummary, SessionSummary, StoreBrowser, StoredFact } from '../../spec/store-browser.js';
import { sentPromptOfRow } from '../sent-prompt-of-row.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-fact-row.js';
import { DETAIL_COLUMNS, type TurnDetailRow, toTurnDetail, toUsage } from './map-session-rows.js';
import { scopeKey } from './scope-key.js';
import { type SqlValue, sqlDate } from './sql.js';
import type { SqlDialect } from './sql-dialect.js';

/**
 * A JSON text column as a statement reads into it with `->` and `->>` (SQLite reads the text itself; Postgres casts
 * it to `jsonb`).
 */
export type JsonColumn = (column: string) => string;

interface SessionSummaryRow {
  key: string;
  uuid: string;
  agent_id: string;
  channel_id: string | null;
  thread_id: string | null;
  first_user_id: string | null;
  shared: unknown;
  pin_task: string | null;
  turns: number;
  created_at: unknown;
  updated_at: unknown;
}

interface BrowsedTurnRow extends TurnDetailRow {
  trace: string | null;
  format: string | null;
  earlier_messages: number | null;
  current: string | null;
  system: string | null;
}

type StoredFactRow = FactRow & {
  superseded_by: number | null;
  source_session_key: string | null;
  source_turn_id: number | null;
};

/** The store's reads for tools: each a single indexed query, bounded by its limit, a scope or a session. */
export function sqlStoreBrowser(dialect: SqlDialect, json: JsonColumn): StoreBrowser {
  const { connection, table } = dialect;
  return {
    sessions: ({ agentId, userId, limit, after }) =>
      connection.read('list sessions', async (sql) => {
        const where: string[] = [];
        const values: SqlValue[] = [];
        if (agentId !== undefined) {
          where.push('s.agent_id = ?');
          values.push(agentId);
        }
        if (userId !== undefined) {
          where.push(`EXISTS (SELECT 1 FROM ${table('turns')} t WHERE t.session_key = s.key AND t.user_id = ?)`);
          values.push(userId);
        }
        if (after !== undefined) {
          // The key in the engine's own order, as the listing sorts it: the cursor and the order agree.
          where.push('(s.updated_at < ? OR (s.updated_at = ? AND s.key < ?))');
          values.push(after.updatedAt, after.updatedAt, after.key);
        }
        const rows = await sql.all<SessionSummaryRow>(
          `SELECT s.key, s.uuid, s.agent_id, s.channel_id, s.thread_id, s.first_user_id, s.shared, s.pin_task,
             s.created_at, s.updated_at, (SELECT count(*) FROM ${table('turns')} t WHERE t.session_key = s.key) AS turns
           FROM ${table('sessions')} s ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY s.updated_at DESC, s.key DESC LIMIT ?`,
          [...values, limit],
        );
        return rows.map(
          (row): SessionSummary => ({
            key: row.key,
            uuid: row.uuid,
            agentId: row.agent_id,
            channelId: row.channel_id,
            threadId: row.thread_id,
            firstUserId: row.first_user_id,
            shared: Boolean(row.shared),
            turns: row.turns,
            task: row.pin_task,
            createdAt: sqlDate(row.created_at),
            updatedAt: sqlDate(row.updated_at),
          }),
        );
      }),
    turns: (key, { afterId, limit }) =>
      connection.read('list turns', async (sql) =>
        (
          await sql.all<BrowsedTurnRow>(
            `SELECT ${DETAIL_COLUMNS}, r.trace, r.format, r.earlier_messages, r.current, y.system
             FROM ${table('turns')} t
               LEFT JOIN ${table('turn_traces')} r ON r.turn_id = t.id
               LEFT JOIN ${table('sent_systems')} y ON y.session_key = r.session_key AND y.hash = r.system_hash
             WHERE t.session_key = ? AND t.id > ? ORDER BY t.id LIMIT ?`,
            [key, afterId ?? 0, limit],
          )
        ).map((row) => ({ ...toTurnDetail(row), trace: parseTurnTrace(row.trace), sent: sentPromptOfRow(row) })),
      ),
    figures: (key) =>
      connection.read('read reply figures', async (sql) =>
        (
          await sql.all<TurnDetailRow & { memory_share: number | null; total_tokens: number | null }>(
            `SELECT ${DETAIL_COLUMNS},
               CAST(${json('r.trace')} -> 'tokens' ->> 'memoryShare' AS DOUBLE PRECISION) AS memory_share,
               CAST(${json('r.trace')} -> 'tokens' ->> 'total' AS DOUBLE PRECISION) AS total_tokens
             FROM ${table('turns')} t LEFT JOIN ${table('turn_traces')} r ON r.turn_id = t.id
             WHERE t.session_key = ? AND t.role = 'assistant' ORDER BY t.id`,
            [key],
          )
        ).map(
          (row): ReplyFigures => ({
            turnId: row.id,
            createdAt: sqlDate(row.created_at),
            usage: toUsage(row),
            cacheMiss: parseStoredCacheMiss(row.cache_miss),
            memoryShare: row.memory_share,
            totalTokens: row.total_tokens,
          }),
        ),
      ),
    facts: (scope) =>
      connection.read('list facts with their history', async (sql) =>
        (
          await sql.all<StoredFactRow>(
            `SELECT ${FACT_COLUMNS}, f.superseded_by, f.source_session_key, f.source_turn_id FROM ${table('facts')} f
             WHERE f.agent_id = ? AND f.user_id = ? ORDER BY f.created_at, f.id`,
            scopeKey(scope),
          )
        ).map(
          (row): StoredFact => ({
            ...toFact(row),
            supersededBy: row.superseded_by,
            sourceSessionKey: row.source_session_key,
            sourceTurnId: row.source_turn_id,
          }),
        ),
      ),
    scopes: ({ agentId, limit }) =>
      connection.read('list scopes', async (sql) =>
        (
          await sql.all<{ agent_id: string; user_id: string; live: number; superseded: number }>(
            `SELECT agent_id, user_id, count(CASE WHEN superseded_by IS NULL THEN 1 END) AS live,
               count(superseded_by) AS superseded
             FROM ${table('facts')} ${agentId === undefined ? '' : 'WHERE agent_id = ?'}
             GROUP BY agent_id, user_id ORDER BY agent_id, user_id LIMIT ?`,
            agentId === undefined ? [limit] : [agentId, limit],
          )
        ).map(
          (row): ScopeSummary => ({
            agentId: row.agent_id,
            userId: row.user_id === '' ? null : row.user_id,
            facts: row.live,
            supersededFacts: row.superseded,
          }),
        ),
      ),
  };
}
