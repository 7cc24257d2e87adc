/**
 * The JSON the inspector's API answers with (`docs/inspector.md`), as far as the page reads it: `stack.inspect`'s
 * answers with dates as ISO strings. The trace and the request as sent are the spec's own types (type-only modules,
 * free of Node code, and JSON as they are); the rest is written here rather than imported from
 * `src/stack/inspect-api.ts`, which imports the core (the page's type check holds no Node code) and whose dates are
 * `Date`s. The browser test drives every view against the real server, which is what catches a shape that drifted.
 */
import type { SentPrompt, TurnTrace } from '../../../spec/turn-trace.js';

export type { SentPrompt, TurnTrace };

export type IsoDate = string;

/** What names a session: its key and the ids it was made of. */
export interface SessionIds {
  key: string;
  agentId: string;
  channelId: string | null;
  threadId: string | null;
  firstUserId: string | null;
  shared: boolean;
}

export interface SessionRow extends SessionIds {
  turns: number;
  task: string | null;
  updatedAt: IsoDate;
}

export interface SessionsPage {
  sessions: SessionRow[];
  next: { afterAt: string; afterKey: string } | null;
}

export interface Clarification {
  text: string;
  userId: string | null;
  at?: number;
}

export interface Pin {
  task: string;
  taskSource?: string;
  taskUserId: string | null;
  taskAt?: number;
  clarifications: Clarification[];
}

export interface SessionDetail extends SessionIds {
  createdAt: IsoDate;
  updatedAt: IsoDate;
  pin: Pin | null;
  pinned: string;
  pinAttempts: number;
  taskSourceTurnId: number | null;
  summary: string | null;
  summaryThroughTurnId: number | null;
}

export interface CacheFigures {
  use: string;
  input: number | null;
  read: number | null;
  written: number | null;
  readShare: number | null;
  reason: string | null;
}

export interface Exchange {
  user: { id: number; text: string; userId: string | null } | null;
  reply: {
    id: number;
    text: string;
    createdAt: IsoDate;
    path: string | null;
    usage: { outputTokens: number | null } | null;
  };
  trace: TurnTrace | null;
  cache: CacheFigures;
  sent: SentPrompt | null;
}

export interface ExchangesPage {
  exchanges: Exchange[];
  next: number | null;
}

export interface Figure {
  memoryShare: number | null;
  cache: { readShare: number | null };
}

export interface Scope {
  agentId: string;
  userId: string | null;
  facts: number;
  supersededFacts: number;
}

export interface Fact {
  id: number;
  text: string;
  source: string;
  score?: number | null;
  supersededBy: number | null;
  accessCount: number;
  lastUsedAt: IsoDate | null;
  createdAt: IsoDate;
  sourceSessionKey: string | null;
  sourceTurnId: number | null;
}

export interface FactsAnswer {
  facts: Fact[];
  searched: boolean;
}

export interface EditedFact {
  id: number;
  merged?: boolean;
}

export interface ForgetReport {
  sessions: number;
  turns: number;
  facts: number;
  factsRewritten: number;
}

export interface Job {
  id: string;
  job: { kind: string; sessionKey?: string; userTurnId?: number; throughTurnId?: number };
  attempts: number;
  createdAt: IsoDate;
  runAt: IsoDate | null;
  finishedAt: IsoDate | null;
  error: string | null;
}
