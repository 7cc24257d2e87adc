import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { InvalidInputError, type MemoryStack } from '../../index.js';
import { type McpScope, sessionScope, threadForgetScope } from './mcp-scope.js';
import { MCP_LIMITS } from './register-memory-tools.js';
import { guarded, toolError, toolText } from './tool-results.js';

/** `get_pinned_task`, `set_pinned_task`, `clear_pinned_task`, `forget_thread`: the conversation of the scope. */
export function registerConversationTools(server: McpServer, stack: MemoryStack, scope: McpScope): void {
  const session = sessionScope(scope);
  // A pin is set on a conversation that has turns: say so, rather than the store's key.
  const setPin = async (task: string | null): Promise<string | null | undefined> => {
    try {
      return await stack.setPin(session, task);
    } catch (error) {
      if (InvalidInputError.isInstance(error) && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
  };
  const noConversation = toolError(
    'Not found: this conversation has no turns yet, and a task is pinned on a conversation with turns.',
  );

  server.registerTool(
    'get_pinned_task',
    {
      title: 'Read the pinned task',
      description: 'The task pinned for this conversation (what the user asked for, with clarifications), or none.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(async () => {
        const { pinned } = await stack.session(session);
        return toolText(pinned === null ? 'No task is pinned.' : `Pinned task:\n${pinned}`);
      }),
  );

  server.registerTool(
    'set_pinned_task',
    {
      title: 'Set the pinned task',
      description:
        "Replace the conversation's pinned task with `task` (the whole pin), shown to the assistant from the next turn. Checked by the memory gate.",
      inputSchema: {
        task: z.string().min(1).max(MCP_LIMITS.textChars).describe('the task, as the user states it'),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ task }) =>
      guarded(async () => {
        const pinned = await setPin(task);
        return pinned === undefined ? noConversation : toolText(`Pinned task set:\n${pinned ?? ''}`);
      }),
  );

  server.registerTool(
    'clear_pinned_task',
    {
      title: 'Clear the pinned task',
      description: 'Unpin the task of this conversation; no task is pinned again on its own.',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => guarded(async () => ((await setPin(null)) === undefined ? noConversation : toolText('Pinned task cleared.'))),
  );

  server.registerTool(
    'forget_thread',
    {
      title: 'Forget this thread',
      description:
        "Delete this thread's memory for good: the user's turns in it, its pin and summary, and the memories drawn from them. Other memories stay.",
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      guarded(async () => {
        const target = threadForgetScope(scope);
        if (target === null) {
          return toolError(
            'Not available: this server serves no thread (it was started without one). Use delete_memory for single memories.',
          );
        }
        const report = await stack.forget(target);
        return toolText(
          `Thread forgotten: ${report.turns} turns, ${report.facts} memories, ${report.sessions} conversations deleted.`,
        );
      }),
  );
}
