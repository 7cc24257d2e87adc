/** Facts belong to an agent and, optionally, one user of it. A scope without `userId` is its own scope, not a wildcard. */
export interface FactScope {
  agentId: string;
  userId?: string | undefined;
}

/**
 * A conversation: one agent in one channel and thread, shared by everyone who speaks there. With neither a channel
 * nor a thread it is a private conversation: one per user (`userId`), or the agent's own when there is no user.
 */
export interface SessionScope {
  agentId: string;
  channelId?: string | undefined;
  threadId?: string | undefined;
  /** Only used without a channel and a thread: whose private conversation it is. */
  userId?: string | undefined;
}

/** What `forget` removes: every field given narrows it. */
export interface ForgetScope {
  agentId: string;
  userId?: string | undefined;
  channelId?: string | undefined;
  threadId?: string | undefined;
}

export interface ForgetReport {
  /** Sessions deleted (those left with no turn). */
  sessions: number;
  turns: number;
  facts: number;
  /** Facts of other scopes whose search context quoted a forgotten turn, rewritten without it. */
  factsRewritten: number;
  /** Items of session item logs removed (`ItemLog`); absent when none were (or the store keeps no item log). */
  items?: number | undefined;
}
