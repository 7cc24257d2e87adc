import type { FactScope, ForgetScope, SessionScope } from '../../index.js';

/**
 * Whose memory an MCP server serves, fixed when it is built: from the server's configuration (`memstack mcp
 * --agent --user --thread`) or, over HTTP, from the identity of the request that opened the MCP session. No tool
 * takes any of these ids.
 */
export interface McpScope {
  agentId: string;
  userId?: string | undefined;
  channelId?: string | undefined;
  threadId?: string | undefined;
}

/** The user's facts (a scope without a user is the agent's own facts). */
export function factScope(scope: McpScope): FactScope {
  return { agentId: scope.agentId, ...(scope.userId === undefined ? {} : { userId: scope.userId }) };
}

/** The conversation whose pin the tools read and set: the thread, or the user's private conversation. */
export function sessionScope(scope: McpScope): SessionScope {
  return {
    ...factScope(scope),
    ...(scope.channelId === undefined ? {} : { channelId: scope.channelId }),
    ...(scope.threadId === undefined ? {} : { threadId: scope.threadId }),
  };
}

/**
 * What `forget_thread` removes: the thread, narrowed to the user when there is one (their turns in it and the facts
 * drawn from them, never another participant's). Null without a thread or channel: forgetting a private
 * conversation by scope would take the user's facts along, which is not what the tool says.
 */
export function threadForgetScope(scope: McpScope): ForgetScope | null {
  if (scope.threadId === undefined && scope.channelId === undefined) return null;
  return sessionScope(scope);
}

/** One string per scope, to compare the identity of two requests. */
export function scopeKey(scope: McpScope): string {
  return JSON.stringify([scope.agentId, scope.userId ?? null, scope.channelId ?? null, scope.threadId ?? null]);
}
