import { parseStoredCacheMiss } from '../../core/validation/parse-stored-values.js';
import { parseTurnTrace } from '../../core/validation/parse-turn-trace.js';
import type { ReplyFigures, ScopeSummary, SessionSummary, StoreBrowser, StoredFact } from '../../spec/store-browser.js';
import { sentPromptOfRow } from '../sent-prompt-of-row.js';
import { FACT_COLUMNS, type FactRow, toFact } from '../sql/map-fact-row.js';
import { type TurnDetailRow, toTurnDetail, toUsage } from '../sql/map-session-rows.js';
import { scopeKey } from '../sql/scope-key.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteGuard } from './sqlite-guard.js';

interface SessionSummaryRow {
  key: string;
  uuid: string;
  agent_id: string;
  channel_id: string | null;
  thread_id: string | null;
  first_user_id: string | null;
  shared: number;
  pin_task: string | null;
  turns: number;
  created_at: number;
  updated_at: number;
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

/** The SQLite store's reads for tools: each a single indexed query, bounded by its limit, a scope or a session. */
export function sqliteStoreBrowser(database: SqliteDatabase, guard: SqliteGuard): StoreBrowser {
  const statements = {
    sessions: database.prepare(
      `SELECT s.key, s.uuid, s.agent_id, s.channel_id, s.thread_id, s.first_user_id, s.shared, s.pin_task,
         s.created_at, s.updated_at, (SELECT count(*) FROM turns t WHERE t.session_key = s.key) AS turns
       FROM sessions s
       WHERE (@agent IS NULL OR s.agent_id = @agent)
         AND (@user IS NULL OR EXISTS (SELECT 1 FROM turns t WHERE t.session_key = s.key AND t.user_id = @user))
         AND (@afterAt IS NULL OR s.updated_at < @afterAt OR (s.updated_at = @afterAt AND s.key < @afterKey))
       ORDER BY s.updated_at DESC, s.key DESC LIMIT @limit`,
    ),
    turns: database.prepare(
      `SELECT t.id, t.role, t.text, t.user_id, t.tokens, t.path, t.created_at, t.input_tokens, t.output_tokens,
         t.cache_read_tokens, t.cache_write_tokens, t.memory_tokens, t.cache_miss,
         r.trace, r.format, r.earlier_messages, r.current, s.system
       FROM turns t
         LEFT JOIN turn_traces r ON r.turn_id = t.id
         LEFT JOIN sent_systems s ON s.session_key = r.session_key AND s.hash = r.system_hash
       WHERE t.session_key = ? AND t.id > ? ORDER BY t.id LIMIT ?`,
    ),
    figures: database.prepare(
      `SELECT t.id, t.role, t.text, t.user_id, t.tokens, t.path, t.created_at, t.input_tokens, t.output_tokens,
         t.cache_read_tokens, t.cache_write_tokens, t.memory_tokens, t.cache_miss,
         json_extract(r.trace, '$.tokens.memoryShare') AS memory_share,
         json_extract(r.trace, '$.tokens.total') AS total_tokens
       FROM turns t LEFT JOIN turn_traces r ON r.turn_id = t.id
       WHERE t.session_key = ? AND t.role = 'assistant' ORDER BY t.id`,
    ),
    facts: database.prepare(
      `SELECT ${FACT_COLUMNS}, f.superseded_by, f.source_session_key, f.source_turn_id FROM facts f
       WHERE f.agent_id = ? AND f.user_id = ? ORDER BY f.created_at, f.id`,
    ),
    scopes: database.prepare(
      `SELECT agent_id, user_id, sum(superseded_by IS NULL) AS live, sum(superseded_by IS NOT NULL) AS superseded
       FROM facts WHERE (@agent IS NULL OR agent_id = @agent)
       GROUP BY agent_id, user_id ORDER BY agent_id, user_id LIMIT @limit`,
    ),
  };

  return {
    sessions: ({ agentId, userId, limit, after }) =>
      guard('list sessions', () =>
        (
          statements.sessions.all({
            agent: agentId ?? null,
            user: userId ?? null,
            afterAt: after?.updatedAt.getTime() ?? null,
            afterKey: after?.key ?? null,
            limit,
          }) as SessionSummaryRow[]
        ).map(
          (row): SessionSummary => ({
            key: row.key,
            uuid: row.uuid,
            agentId: row.agent_id,
            channelId: row.channel_id,
            threadId: row.thread_id,
            firstUserId: row.first_user_id,
            shared: row.shared === 1,
            turns: row.turns,
            task: row.pin_task,
            createdAt: new Date(row.created_at),
            updatedAt: new Date(row.updated_at),
          }),
        ),
      ),
    turns: (key, { afterId, limit }) =>
      guard('list turns', () =>
        (statements.turns.all(key, afterId ?? 0, limit) as BrowsedTurnRow[]).map((row) => ({
          ...toTurnDetail(row),
          trace: parseTurnTrace(row.trace),
          sent: sentPromptOfRow(row),
        })),
      ),
    figures: (key) =>
      guard('read reply figures', () =>
        (statements.figures.all(key) as FiguresRow[]).map(
          (row): ReplyFigures => ({
            turnId: row.id,
            createdAt: new Date(row.created_at),
            usage: toUsage(row),
            cacheMiss: parseStoredCacheMiss(row.cache_miss),
            memoryShare: row.memory_share,
            totalTokens: row.total_tokens,
          }),
        ),
      ),
    facts: (scope) =>
      guard('list facts with their history', () =>
        (
          statements.facts.all(...scopeKey(scope)) as Array<
            FactRow & { superseded_by: number | null; source_session_key: string | null; source_turn_id: number | null }
          >
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
      guard('list scopes', () =>
        (
          statements.scopes.all({ agent: agentId ?? null, limit }) as Array<{
            agent_id: string;
            user_id: string;
            live: number;
            superseded: number;
          }>
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
