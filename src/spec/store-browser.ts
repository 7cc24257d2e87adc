import type { Fact } from './fact.js';
import type { TurnDetail } from './memory-store.js';
import type { FactScope } from './scope.js';
import type { SentPrompt, TurnTrace } from './turn-trace.js';
import type { CacheMissReason, Usage } from './usage.js';

/** A session as a list shows it. */
export interface SessionSummary {
  key: string;
  uuid: string;
  agentId: string;
  channelId: string | null;
  threadId: string | null;
  /** Who spoke first (null: a turn without a user). */
  firstUserId: string | null;
  shared: boolean;
  turns: number;
  /** The pinned task's core (without its clarifications), or null. */
  task: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionFilter {
  agentId?: string | undefined;
  /** Sessions this user spoke in. */
  userId?: string | undefined;
  limit: number;
  /** Sessions updated before this one (its `updatedAt` and `key`, from the last page): the next page. */
  after?: { updatedAt: Date; key: string } | undefined;
}

/** A stored turn with everything recorded about it: for a reply, what memory went into its request. */
export interface BrowsedTurn extends TurnDetail {
  /** For a reply recorded by this version or later: the memory of its exchange; null otherwise. */
  trace: TurnTrace | null;
  /** For a reply: the request as sent, until a forget touched the session; null otherwise. */
  sent: SentPrompt | null;
}

/** The figures of one reply, without text: a chart of a whole session reads these. */
export interface ReplyFigures {
  turnId: number;
  createdAt: Date;
  usage: Usage | null;
  /** Why its request missed the prompt cache (see `TurnDetail.cacheMiss`). */
  cacheMiss?: CacheMissReason | null | undefined;
  /** Memory's share of the prompt's tokens (null when the reply has no trace). */
  memoryShare: number | null;
  totalTokens: number | null;
}

/** A fact with its history: whether it was superseded and by which, and the turn it was drawn from. */
export interface StoredFact extends Fact {
  /** The fact that replaced it, or null for a live fact. */
  supersededBy: number | null;
  sourceSessionKey: string | null;
  sourceTurnId: number | null;
}

/** Who has memory: an agent's user (or the agent itself, `userId` null), with their counts. */
export interface ScopeSummary {
  agentId: string;
  userId: string | null;
  /** Live facts. */
  facts: number;
  supersededFacts: number;
}

/**
 * An optional capability of a store: reading what it holds for tools (the inspector page, the CLI's `sessions` and
 * `export`), beyond what a turn needs. A store without it leaves `MemoryStore.browse` undefined. Every call is
 * bounded by its `limit` or by one scope or session.
 */
export interface StoreBrowser {
  /** Sessions, most recently updated first. */
  sessions(filter: SessionFilter): Promise<SessionSummary[]>;
  /** A session's turns (summarised ones included) after `afterId`, oldest first, at most `limit`. */
  turns(key: string, page: { afterId?: number | undefined; limit: number }): Promise<BrowsedTurn[]>;
  /** The figures of every reply of a session, oldest first. */
  figures(key: string): Promise<ReplyFigures[]>;
  /** The scope's facts, live and superseded, oldest first. */
  facts(scope: FactScope): Promise<StoredFact[]>;
  /** The scopes that hold facts, by agent then user, at most `limit`. */
  scopes(filter: { agentId?: string | undefined; limit: number }): Promise<ScopeSummary[]>;
}
