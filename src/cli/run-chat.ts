import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { type MemoryStack, MemstackError } from '../index.js';
import { formatStatus } from './format-status.js';
import type { CliModel } from './resolve-model.js';

export interface ChatSession {
  stack: MemoryStack;
  model: CliModel;
  /** Without a thread, the user's private session. */
  scope: { agentId: string; userId: string; threadId?: string };
  input: Readable;
  output: Writable;
}

const COMMANDS = '/pin, /facts, /forget, /exit';

/**
 * The terminal chat: each line is a turn through `stack.chat` (the reply streams as it comes), followed by a status
 * line; `/pin`, `/facts`, `/forget` and `/exit` inspect or clear the memory. Ends at `/exit` or end of input.
 */
export async function runChat(session: ChatSession): Promise<void> {
  const { stack, model, scope, output } = session;
  const write = (text: string): void => {
    output.write(text);
  };
  write(`memstack chat · ${model.provider}:${model.modelId} · ${COMMANDS}\n`);
  const lines = createInterface({ input: session.input, terminal: false });
  write('you> ');
  for await (const raw of lines) {
    const line = raw.trim();
    if (line === '/exit') break;
    if (line === '') {
      write('you> ');
      continue;
    }
    try {
      // The last turn's extraction ran while the user typed; a fast typist (or a pipe) waits for it here, so that
      // every turn and command sees the memory of all turns before it.
      await stack.idle();
      if (line.startsWith('/')) write(`${await runCommand(line, session)}\n`);
      else {
        write('assistant> ');
        const turn = await stack.chat({ ...scope, text: line }, model, { onText: write });
        write(`\n${formatStatus(turn)}\n`);
      }
    } catch (error) {
      const message = MemstackError.isInstance(error) ? `${error.message} [${error.code}]` : String(error);
      write(`\n(error: ${message})\n`);
    }
    write('you> ');
  }
  lines.close();
  write('\n');
}

async function runCommand(line: string, session: ChatSession): Promise<string> {
  const { stack, scope } = session;
  switch (line) {
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
      return `unknown command ${line}: ${COMMANDS}`;
  }
}
