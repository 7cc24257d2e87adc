import {
  parseStoredCacheMiss,
  parseStoredChatPath,
  parseStoredClarifications,
  parseStoredModelState,
  parseStoredTaskSource,
  usageFromColumns,
} from '../../core/validation/parse-stored-values.js';
import type { Clarification, PinState, SessionRecord, TurnDetail, TurnRecord } from '../../spec/memory-store.js';
import type { Usage } from '../../spec/usage.js';
import { sqlDate, sqlDateOrNull, sqlJson } from './sql.js';

/** A stored time: epoch milliseconds in SQLite, a `Date` from Postgres (read with `sqlDate`). */
type StoredTime = number | Date;

export interface SessionRow {
  key: string;
  uuid: string;
  agent_id: string;
  channel_id: string | null;
  thread_id: string | null;
  pin_task: string | null;
  pin_task_user_id: string | null;
  pin_task_source: string | null;
  pin_task_at: StoredTime | null;
  /** JSON: SQLite's text, Postgres's parsed `jsonb`. */
  pin_clarifications: unknown;
  pin_attempts: number;
  task_source_turn_id: number | null;
  summary: string | null;
  summary_through: number;
  history_version: number;
  extracted_through: number;
  system_pin: string | null;
  system_pin_at: StoredTime | null;
  model_state: unknown;
  created_at: StoredTime;
  updated_at: StoredTime;
  pin_version: number;
  first_user_id: string | null;
  /** 0 or 1 in SQLite. */
  shared: boolean | number;
}

export interface TurnRow {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  user_id: string | null;
  tokens: number;
  path: string | null;
  created_at: StoredTime;
  /** Selected by a session read only. */
  request_key?: string | null;
}

export interface TurnDetailRow extends TurnRow {
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
  memory_tokens: number | null;
  cache_miss: string | null;
}

export const TURN_COLUMNS = 't.id, t.role, t.text, t.user_id, t.tokens, t.path, t.created_at';
export const DETAIL_COLUMNS = `${TURN_COLUMNS}, t.input_tokens, t.output_tokens, t.cache_read_tokens,
  t.cache_write_tokens, t.memory_tokens, t.cache_miss`;

/** The pin's clarifications column: what does not parse reads as none. */
export function parseClarifications(column: unknown): Clarification[] {
  return parseStoredClarifications(sqlJson(column));
}

export function toSession(row: SessionRow): SessionRecord {
  const pin: PinState | null =
    row.pin_task === null
      ? null
      : {
          task: row.pin_task,
          taskUserId: row.pin_task_user_id,
          taskSource: parseStoredTaskSource(row.pin_task_source),
          taskAt: sqlDateOrNull(row.pin_task_at)?.getTime(),
          clarifications: parseClarifications(row.pin_clarifications),
        };
  return {
    key: row.key,
    uuid: row.uuid,
    agentId: row.agent_id,
    channelId: row.channel_id,
    threadId: row.thread_id,
    pin,
    pinVersion: row.pin_version,
    firstUserId: row.first_user_id,
    shared: Boolean(row.shared),
    pinAttempts: row.pin_attempts,
    taskSourceTurnId: row.task_source_turn_id,
    summary: row.summary,
    summaryThroughTurnId: row.summary_through,
    historyVersion: row.history_version,
    extractedThroughTurnId: row.extracted_through,
    systemPin:
      row.system_pin === null || row.system_pin_at === null
        ? null
        : { text: row.system_pin, at: sqlDate(row.system_pin_at) },
    modelState: parseStoredModelState(sqlJson(row.model_state)),
    createdAt: sqlDate(row.created_at),
    updatedAt: sqlDate(row.updated_at),
  };
}

export function toTurn(row: TurnRow): TurnRecord {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    userId: row.user_id,
    tokens: row.tokens,
    path: parseStoredChatPath(row.path),
    createdAt: sqlDate(row.created_at),
    ...(typeof row.request_key === 'string' ? { requestKey: row.request_key } : {}),
  };
}

export function toTurnDetail(row: TurnDetailRow): TurnDetail {
  return {
    ...toTurn(row),
    usage: toUsage(row),
    memoryTokens: row.memory_tokens,
    cacheMiss: parseStoredCacheMiss(row.cache_miss),
  };
}

/** The usage columns of a turn as a `Usage`, only the fields that were recorded; null when none was. */
export function toUsage(row: TurnDetailRow): Usage | null {
  return usageFromColumns(row);
}
