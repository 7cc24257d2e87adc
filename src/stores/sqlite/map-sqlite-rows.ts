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
  pin_task_at: number | null;
  pin_clarifications: string;
  pin_attempts: number;
  task_source_turn_id: number | null;
  summary: string | null;
  summary_through: number;
  history_version: number;
  extracted_through: number;
  system_pin: string | null;
  system_pin_at: number | null;
  model_state: string;
  created_at: number;
  updated_at: number;
  pin_version: number;
  first_user_id: string | null;
  shared: number;
}

export interface TurnRow {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  user_id: string | null;
  tokens: number;
  path: string | null;
  created_at: number;
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

/**
 * The pin's clarifications column. It is written only by this store, but a file may have been edited by hand: what
 * does not parse reads as none, never as a crash.
 */
export function parseClarifications(column: string): Clarification[] {
  return parseStoredClarifications(safeJson(column));
}
export function toSession(row: SessionRow): SessionRecord {
  const pin: PinState | null =
    row.pin_task === null
      ? null
      : {
          task: row.pin_task,
          taskUserId: row.pin_task_user_id,
          taskSource: parseStoredTaskSource(row.pin_task_source),
          taskAt: row.pin_task_at ?? undefined,
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
    shared: row.shared === 1,
    pinAttempts: row.pin_attempts,
    taskSourceTurnId: row.task_source_turn_id,
    summary: row.summary,
    summaryThroughTurnId: row.summary_through,
    historyVersion: row.history_version,
    extractedThroughTurnId: row.extracted_through,
    systemPin:
      row.system_pin === null || row.system_pin_at === null
        ? null
        : { text: row.system_pin, at: new Date(row.system_pin_at) },
    modelState: parseStoredModelState(safeJson(row.model_state)),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
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
    createdAt: new Date(row.created_at),
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
