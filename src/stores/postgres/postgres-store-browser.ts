import { parseStoredCacheMiss } from '../../core/validation/parse-stored-values.js';
import { parseTurnTrace } from '../../core/validation/parse-turn-trace.js';
import type { ReplyFigures, ScopeSummary, SessionSummary, StoreBrowser, StoredFact } from '../../spec/store-browser.js';
import { sentPromptOfRow } from '../sent-prompt-of-row.js';
import { FACT_COLUMNS, type FactRow, toFact } from '../sql/map-fact-row.js';
import { DETAIL_COLUMNS, type TurnDetailRow, toTurnDetail, toUsage } from '../sql/map-session-rows.js';
import { scopeKey } from '../sql/scope-key.js';
import { sqlDate } from '../sql/sql.js';
import type { PostgresGuard } from './postgres-guard.js';

interface SessionSummaryRow {
  key: string;
  uuid: string;
  agent_id: string;
  channel_id: string | null;
  thread_id: string | null;
  first_user_id: string | null;
  shared: boolean;
  pin_task: string | null;
  turns: number;
  created_at: Date;
  updated_at: Date;
}

interface BrowsedTurnRow extends TurnDetailRow {
  trace: string | null;
  format: string | null;
  earlier_messages: number | null;
  current: string | null;
  system: string | null;
}

interface FiguresRow extends TurnDetailRow {
  memory_share: number | null;
  total_tokens: number | null;
}

/** The Postgres store's reads for tools: each a single indexed query, bounded by its limit, a scope or a session. */
export function postgresStoreBrowser(schema: string, guard: PostgresGuard): StoreBrowser {
  return {
    sessions: ({ agentId, userId, limit, after }) =>
      guard.read('list sessions', async (sql) =>
        (
          await sql.query<SessionSummaryRow>(
            `SELECT s.key, s.uuid, s.agent_id, s.channel_id, s.thread_id, s.first_user_id, s.shared, s.pin_task,
               s.created_at, s.updated_at, (SELECT count(*) FROM ${schema}.turns t WHERE t.session_key = s.key) AS turns
             FROM ${schema}.sessions s
             WHERE ($1::text IS NULL OR s.agent_id = $1)
               AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM ${schema}.turns t WHERE t.session_key = s.key AND t.user_id = $2))
               AND ($3::timestamptz IS NULL OR s.updated_at < $3 OR (s.updated_at = $3 AND s.key COLLATE "C" < $4::text))
             ORDER BY s.updated_at DESC, s.key COLLATE "C" DESC LIMIT $5`,
            [agentId ?? null, userId ?? null, after?.updatedAt ?? null, after?.key ?? null, limit],
          )
        ).map(
          (row): SessionSummary => ({
            key: row.key,
            uuid: row.uuid,
            agentId: row.agent_id,
            channelId: row.channel_id,
            threadId: row.thread_id,
            firstUserId: row.first_user_id,
            shared: row.shared,
            turns: row.turns,
            task: row.pin_task,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          }),
        ),
      ),
    turns: (key, { afterId, limit }) =>
      guard.read('list turns', async (sql) =>
        (
          await sql.query<BrowsedTurnRow>(
            `SELECT ${DETAIL_COLUMNS}, r.trace, r.format, r.earlier_messages, r.current, y.system
             FROM ${schema}.turns t
               LEFT JOIN ${schema}.turn_traces r ON r.turn_id = t.id
               LEFT JOIN ${schema}.sent_systems y ON y.session_key = r.session_key AND y.hash = r.system_hash
             WHERE t.session_key = $1 AND t.id > $2 ORDER BY t.id LIMIT $3`,
            [key, afterId ?? 0, limit],
          )
        ).map((row) => ({
          ...toTurnDetail(row),
          trace: parseTurnTrace(row.trace),
          sent: sentPromptOfRow(row),
        })),
      ),
    figures: (key) =>
      guard.read('read reply figures', async (sql) =>
        (
          await sql.query<FiguresRow>(
            `SELECT ${DETAIL_COLUMNS},
               (r.trace::jsonb #>> '{tokens,memoryShare}')::float8 AS memory_share,
               (r.trace::jsonb #>> '{tokens,total}')::float8 AS total_tokens
             FROM ${schema}.turns t LEFT JOIN ${schema}.turn_traces r ON r.turn_id = t.id
             WHERE t.session_key = $1 AND t.role = 'assistant' ORDER BY t.id`,
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
      guard.read('list facts with their history', async (sql) =>
        (
          await sql.query<
            FactRow & { superseded_by: number | null; source_session_key: string | null; source_turn_id: number | null }
          >(
            `SELECT ${FACT_COLUMNS}, f.superseded_by, f.source_session_key, f.source_turn_id FROM ${schema}.facts f
             WHERE f.agent_id = $1 AND f.user_id = $2 ORDER BY f.created_at, f.id`,
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
      guard.read('list scopes', async (sql) =>
        (
          await sql.query<{ agent_id: string; user_id: string; live: number; superseded: number }>(
            `SELECT agent_id, user_id, count(*) FILTER (WHERE superseded_by IS NULL) AS live,
               count(*) FILTER (WHERE superseded_by IS NOT NULL) AS superseded
             FROM ${schema}.facts WHERE ($1::text IS NULL OR agent_id = $1)
             GROUP BY agent_id, user_id ORDER BY agent_id COLLATE "C", user_id COLLATE "C" LIMIT $2`,
            [agentId ?? null, limit],
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
