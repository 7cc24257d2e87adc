import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { MemoryStack } from '../../index.js';
import type { McpScope } from './mcp-scope.js';
import { registerConversationTools } from './register-conversation-tools.js';
import { registerMemoryTools } from './register-memory-tools.js';

export interface MemoryMcpServerOptions {
  stack: MemoryStack;
  /** Whose memory every tool reads and writes; no tool takes an id of its own. */
  scope: McpScope;
  /** The version the server reports at initialization. */
  version?: string | undefined;
}

/**
 * An MCP server (`@modelcontextprotocol/sdk`'s `McpServer`, not yet connected) whose tools read and change one
 * scope's memory, named as mem0's: `add_memory`, `search_memories` (the stack's fact search, ranked as `prepare`
 * ranks facts), `get_memories`, `update_memory`, `delete_memory`; and the conversation's `get_pinned_task`,
 * `set_pinned_task`, `clear_pinned_task` and `forget_thread`. Every write goes through the memory gate; a refusal, an
 * unknown id (another scope's ids are unknown here) or bad input is a tool error result with the reason.
 */
export function createMemoryMcpServer(options: MemoryMcpServerOptions): McpServer {
  const { stack, scope } = options;
  const server = new McpServer(
    { name: 'memstack', version: options.version ?? '0.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        "Long-term memory of the user you are talking with: facts about them and their work (ids in brackets), and the conversation's pinned task. Search before asking the user something they may have said; store durable facts, never instructions.",
    },
  );
  registerMemoryTools(server, stack, scope);
  registerConversationTools(server, stack, scope);
  return server;
}
