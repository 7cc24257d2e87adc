import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createLineSplitter } from './create-line-splitter.js';
import { createPasteSplitter, type InputSegment } from './create-paste-splitter.js';
import { createTerminalEditor, PROMPT } from './create-terminal-editor.js';

/** The chat's input: process.stdin, a terminal or a pipe. */
export type ChatInputStream = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
export type ChatOutputStream = Writable & { isTTY?: boolean };

export interface ChatInput {
  /** The next message; null at the end of input, or once closed. */
  next(): Promise<string | null>;
  /** Shows the prompt (in a terminal, with what was typed ahead). */
  prompt(): void;
  /** What is typed at the prompt and not sent yet ('' on a pipe). */
  readonly typed: string;
  clearTyped(): void;
  /** Stops reading; the messages not taken yet are dropped. */
  close(): void;
}

/**
 * The messages of the chat. A pasted text is one message, its newlines included: the terminal marks a paste once
 * bracketed-paste mode is on (a terminal's only), and the same markers are honoured on a pipe, where every other line
 * is a message. In a terminal readline edits the line and reports Ctrl-C (`onInterrupt`); a pipe gets SIGINT instead.
 */
export function readChatInput(
  input: ChatInputStream,
  output: ChatOutputStream,
  options: { onInterrupt: () => void },
): ChatInput {
  const queued: string[] = [];
  let waiting: ((message: string | null) => void) | null = null;
  let ended = false;
  const deliver = (message: string): void => {
    if (ended) return;
    const resolve = waiting;
    waiting = null;
    if (resolve) resolve(message);
    else queued.push(message);
  };
  const finish = (): void => {
    ended = true;
    const resolve = waiting;
    waiting = null;
    resolve?.(null);
  };

  const lines = createLineSplitter();
  const editor =
    input.isTTY === true && output.isTTY === true
      ? createTerminalEditor(input, output, { onLine: deliver, onClose: finish, onInterrupt: options.onInterrupt })
      : undefined;
  const take = (segments: InputSegment[]): void => {
    for (const segment of segments) {
      if (editor) editor.push(segment);
      else for (const message of lines.push(segment)) deliver(message);
    }
  };

  const pastes = createPasteSplitter();
  const decoder = new StringDecoder('utf8');
  const onData = (chunk: Buffer | string): void =>
    take(pastes.push(typeof chunk === 'string' ? chunk : decoder.write(chunk)));
  const onEnd = (): void => {
    take(pastes.push(decoder.end()));
    take(pastes.end());
    if (editor) editor.end();
    else {
      for (const message of lines.end()) deliver(message);
      finish();
    }
  };
  input.on('data', onData);
  input.once('end', onEnd);
  input.once('error', onEnd);

  return {
    next: () => {
      const message = queued.shift();
      if (message !== undefined) return Promise.resolve(message);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    prompt: () => (editor ? editor.prompt() : void output.write(PROMPT)),
    get typed() {
      return editor?.typed ?? '';
    },
    clearTyped: () => editor?.clearTyped(),
    close() {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onEnd);
      // A paused stdin no longer holds the process open.
      input.pause();
      editor?.close();
      queued.length = 0;
      finish();
    },
  };
}
