import type { Fact } from '../../spec/fact.js';

export interface FactRow {
  id: number;
  agent_id: string;
  user_id: string;
  text: string;
  source: 'user' | 'reply' | 'api';
  created_at: number;
  last_used_at: number | null;
  access_count: number;
}

export const FACT_COLUMNS =
  'f.id, f.agent_id, f.user_id, f.text, f.source, f.created_at, f.last_used_at, f.access_count';

export function toFact(row: FactRow): Fact {
  return {
    id: row.id,
    agentId: row.agent_id,
    userId: row.user_id === '' ? null : row.user_id,
    text: row.text,
    source: row.source,
    accessCount: row.access_count,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}
