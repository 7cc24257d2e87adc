/** Facts belong to an agent and, optionally, one user of it. A scope without `userId` is its own scope, not a wildcard. */
export interface FactScope {
  agentId: string;
  userId?: string | undefined;
}

/** A conversation: one agent in one channel and thread. */
export interface SessionScope {
  agentId: string;
  channelId?: string | undefined;
  threadId?: string | undefined;
}

/** What `forget` removes: every field given narrows it. */
export interface ForgetScope {
  agentId: string;
  userId?: string | undefined;
  channelId?: string | undefined;
  threadId?: string | undefined;
}

export interface ForgetReport {
  sessions: number;
  turns: number;
  facts: number;
}
