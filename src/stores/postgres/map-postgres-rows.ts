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

export interface SessionRow {
  key: string;
  uuid: string;
  agent_id: string;
  channel_id: string | null;
  thread_id: string | null;
  pin_task: string | null;
  pin_task_user_id: string | null;
  pin_task_source: string | null;
  pin_task_at: Date | null;
  pin_clarifications: unknown;
  pin_attempts: number;
  task_source_turn_id: number | null;
  summary: string | null;
  summary_through: number;
  history_version: number;
  extracted_through: number;
  system_pin: string | null;
  system_pin_at: Date | null;
  model_state: unknown;
  created_at: Date;
  updated_at: Date;
  pin_version: number;
  first_user_id: string | null;
  shared: boolean;
}

export interface TurnRow {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  user_id: string | null;
  tokens: number;
  path: string | null;
  created_at: Date;
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

/** The pin's clarifications column (jsonb): what does not parse (a row edited by hand) reads as none. */
export function parseClarifications(column: unknown): Clarification[] {
  return parseStoredClarifications(column);
}

export function toSession(row: SessionRow): SessionRecord {
  const pin: PinState | null =
    row.pin_task === null
      ? null
      : {
          task: row.pin_task,
          taskUserId: row.pin_task_user_id,
          taskSource: parseStoredTaskSource(row.pin_task_source),
          taskAt: row.pin_task_at?.getTime(),
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
    shared: row.shared,
    pinAttempts: row.pin_attempts,
    taskSourceTurnId: row.task_source_turn_id,
    summary: row.summary,
    summaryThroughTurnId: row.summary_through,
    historyVersion: row.history_version,
    extractedThroughTurnId: row.extracted_through,
    systemPin:
      row.system_pin === null || row.system_pin_at === null ? null : { text: row.system_pin, at: row.system_pin_at },
    modelState: parseStoredModelState(row.model_state),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
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
    createdAt: row.created_at,
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
