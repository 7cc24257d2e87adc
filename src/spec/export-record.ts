import type { ChatPath } from './chat-model.js';
import type { MemorySource } from './memory-source.js';
import type { Usage } from './usage.js';

/**
 * One line of an export (`stack.exportUser`, `memstack export`): everything stored about one user of one agent, as
 * JSON lines that `stack.importRecords` (`memstack import`) reads back. Times are ISO 8601 strings; ids are the
 * exporting store's, and are mapped to new ones on import.
 */
export type ExportRecord = ExportHeader | ExportedSession | ExportedTurn | ExportedFact;

/** The first line: whose memory this is, and the format's version. */
export interface ExportHeader {
  type: 'memstack-export';
  version: 1;
  agentId: string;
  userId: string;
  exportedAt: string;
}

/**
 * A session the user spoke in. In a session others spoke in too (`shared`), only the user's part is exported: the
 * task if they gave it, their clarifications, no summary (it may quote the others).
 */
export interface ExportedSession {
  type: 'session';
  key: string;
  uuid: string;
  agentId: string;
  channelId: string | null;
  threadId: string | null;
  shared: boolean;
  pin: {
    task: string;
    taskUserId: string | null;
    clarifications: Array<{ text: string; userId: string | null; at?: number | undefined }>;
  } | null;
  taskSourceTurnId: number | null;
  summary: string | null;
  summaryThroughTurnId: number;
  createdAt: string;
}

/** A turn of an exported session, after its session's line: a user turn, then its reply. */
export interface ExportedTurn {
  type: 'turn';
  sessionKey: string;
  id: number;
  role: 'user' | 'assistant';
  text: string;
  userId: string | null;
  createdAt: string;
  usage: Usage | null;
  path: ChatPath | null;
  memoryTokens: number | null;
}

/** A fact of the user, live or superseded, with the turn it came from. */
export interface ExportedFact {
  type: 'fact';
  id: number;
  text: string;
  source: MemorySource;
  accessCount: number;
  createdAt: string;
  lastUsedAt: string | null;
  supersededBy: number | null;
  sourceSessionKey: string | null;
  sourceTurnId: number | null;
}
