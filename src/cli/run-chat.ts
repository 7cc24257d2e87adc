import { once } from 'node:events';
import { type MemoryStack, MemstackError } from '../index.js';
import { formatChatBanner } from './format-chat-banner.js';
import { formatStatus } from './format-status.js';
import { type ChatInputStream, type ChatOutputStream, readChatInput } from './read-chat-input.js';
import type { CliModel } from './resolve-model.js';
import { type ChatScope, runChatCommand } from './run-chat-command.js';

export interface ChatSession {
  stack: MemoryStack;
  model: CliModel;
  /** Without a thread, the user's private session. */
  scope: ChatScope;
  /** Where the memory is, for the banner: a path, or `:memory:`. */
  database: string;
  input: ChatInputStream;
  output: ChatOutputStream;
  /**
   * Subscribes to interrupts and returns the unsubscribe: main passes the process's SIGINT, which is how Ctrl-C
   * reaches a chat on a pipe (in a terminal the keys are raw, and readline reports Ctrl-C itself).
   */
  interrupts?: (listener: () => void) => () => void;
}

/** A second Ctrl-C this soon after the first leaves the chat, whatever the first one did. */
const REPEAT_MS = 2000;

/**
 * The terminal chat: each message is a turn through `stack.chat` (the reply streams as it comes), followed by a status
 * line; `/help` lists the commands. Ctrl-C stops a reply and keeps the chat; at the prompt it leaves, as do `/exit`
 * and the end of input.
 */
export async function runChat(session: ChatSession): Promise<void> {
  const { stack, model, scope, output } = session;
  const write = (text: string): void => {
    output.write(text);
  };
  write(formatChatBanner({ model, database: session.database, scope, session: await stack.session(scope) }));
  let running: AbortController | null = null;
  let leaving = false;
  let lastInterrupt = Number.NEGATIVE_INFINITY;
  const leave = (): void => {
    leaving = true;
    running?.abort();
    input.close();
  };
  const interrupt = (): void => {
    const repeated = Date.now() - lastInterrupt < REPEAT_MS;
    lastInterrupt = Date.now();
    if (repeated) leave();
    else if (running) running.abort();
    // Like a shell: Ctrl-C on a half-typed line drops the line.
    else if (input.typed !== '') input.clearTyped();
    else leave();
  };
  const input = readChatInput(session.input, output, { onInterrupt: interrupt });
  const unsubscribe = session.interrupts?.(interrupt);
  try {
    input.prompt();
    for (let message = await input.next(); message !== null && !leaving; message = await input.next()) {
      const text = tidy(message);
      if (text === '/exit') break;
      if (text !== '') {
        running = new AbortController();
        await answer(text, running.signal, session, write);
        running = null;
      }
      if (!leaving) input.prompt();
    }
  } finally {
    unsubscribe?.();
    input.close();
  }
  write('\n');
}

/** One message: a command, or a turn whose reply streams until it ends or the signal stops it. */
async function answer(
  text: string,
  signal: AbortSignal,
  session: ChatSession,
  write: (text: string) => void,
): Promise<void> {
  const { stack, model, scope } = session;
  try {
    // The last turn's extraction ran while the user typed; a fast typist (or a pipe) waits for it here, so that
    // every turn and command sees the memory of all turns before it. Ctrl-C need not wait for it.
    await Promise.race([stack.idle(), once(signal, 'abort')]);
    if (signal.aborted) {
      write('(reply stopped)\n');
      return;
    }
    if (text.startsWith('/') && !text.includes('\n')) {
      write(`${await runChatCommand(text, stack, scope)}\n`);
      return;
    }
    write('assistant> ');
    const onText = (delta: string): void => {
      if (!signal.aborted) write(delta);
    };
    const turn = await stack.chat({ ...scope, text }, model, { signal, onText });
    write(`\n${formatStatus(turn)}\n`);
  } catch (error) {
    // An aborted model call fails the turn, and a failed turn records nothing.
    if (signal.aborted) write('\n(reply stopped; nothing of it is kept)\n');
    else {
      const message = MemstackError.isInstance(error) ? `${error.message} [${error.code}]` : String(error);
      write(`\n(error: ${message})\n`);
    }
  }
}

/** Blank lines around a message go; a multi-line one keeps the indentation of its first line (pasted code). */
function tidy(message: string): string {
  return message.includes('\n') ? message.replace(/^\s*\n/, '').trimEnd() : message.trim();
}
