import type { Fact } from '../../spec/fact.js';
import { sqlDate, sqlDateOrNull } from './sql.js';

/** A fact's columns as a statement selects them (the table as `f`). */
export const FACT_COLUMNS =
  'f.id, f.agent_id, f.user_id, f.text, f.source, f.created_at, f.last_used_at, f.access_count';

/** A row of `FACT_COLUMNS`, as the engine gives it (times as epoch milliseconds or `Date`s). */
export interface FactRow {
  id: number;
  agent_id: string;
  user_id: string;
  text: string;
  source: 'user' | 'reply' | 'api';
  created_at: unknown;
  last_used_at: unknown;
  access_count: number;
}

export function toFact(row: FactRow): Fact {
  return {
    id: Number(row.id),
    agentId: row.agent_id,
    userId: row.user_id === '' ? null : row.user_id,
    text: row.text,
    source: row.source,
    accessCount: Number(row.access_count),
    createdAt: sqlDate(row.created_at),
    lastUsedAt: sqlDateOrNull(row.last_used_at),
  };
}
