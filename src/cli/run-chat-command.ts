import type { MemoryStack } from '../index.js';

/** Who is chatting, and where: without a thread, the user's private session. */
export interface ChatScope {
  agentId: string;
  userId: string;
  threadId?: string;
}

const HELP = [
  '/help    this list',
  '/pin     the pinned task of this session, with its clarifications',
  '/facts   what is remembered about you',
  "/forget  forget your facts and turns everywhere (and this thread's, when in one)",
  '/exit    leave (so do Ctrl-D, and Ctrl-C at an empty prompt)',
  'A pasted text is one message, however many lines. Ctrl-C during a reply stops it; nothing of it is kept.',
].join('\n');

/** The answer to a `/command` line of `memstack chat`. */
export async function runChatCommand(line: string, stack: MemoryStack, scope: ChatScope): Promise<string> {
  switch (line) {
    case '/help':
      return HELP;
    case '/pin':
      return (await stack.session(scope)).pinned ?? '(no pinned task yet)';
    case '/facts': {
      const facts = await stack.facts.list({ agentId: scope.agentId, userId: scope.userId });
      return facts.length === 0
        ? '(no facts yet)'
        : facts.map((fact) => `#${fact.id} ${fact.text} (used ${fact.accessCount}×)`).join('\n');
    }
    case '/forget': {
      // The user's facts and turns everywhere; and the thread, when the chat is in one.
      const user = await stack.forget({ agentId: scope.agentId, userId: scope.userId });
      const thread = scope.threadId
        ? await stack.forget({ agentId: scope.agentId, threadId: scope.threadId })
        : { turns: 0, sessions: 0 };
      return `forgot ${user.facts} facts, ${user.turns + thread.turns} turns, ${user.sessions + thread.sessions} sessions`;
    }
    default:
      return `unknown command ${line}: /help lists the commands`;
  }
}
