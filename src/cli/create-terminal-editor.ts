import { createInterface } from 'node:readline';
import { PassThrough, type Writable } from 'node:stream';
import type { InputSegment } from './create-paste-splitter.js';

export interface TerminalEditor {
  /** Typed keys go to the line editor; a paste goes in as a placeholder that the sent line carries in full. */
  push(segment: InputSegment): void;
  end(): void;
  prompt(): void;
  /** What is typed at the prompt and not sent yet. */
  readonly typed: string;
  clearTyped(): void;
  close(): void;
}

export interface TerminalHandlers {
  onLine(message: string): void;
  onClose(): void;
  onInterrupt(): void;
}

export const PROMPT = 'you> ';
// Bracketed-paste mode: the terminal wraps each paste in ESC[200~ ... ESC[201~ while it is on.
const PASTE_MODE_ON = '\u001b[?2004h';
const PASTE_MODE_OFF = '\u001b[?2004l';
// Longer pastes, or any with a line break or a control character, stay out of the line editor: it inserts a key at
// a time and measures the line at each, which slows down more than linearly with the paste's length, and a line
// break would send the line.
const INLINE_PASTE_LIMIT = 500;

/**
 * Line editing (readline) for a terminal, with pastes taken out of the keys before readline sees them: the line
 * shows `[paste #1: 40 lines]`, and Enter sends the line with the paste in its place (line breaks as `\n`).
 */
export function createTerminalEditor(
  terminal: { setRawMode?: ((mode: boolean) => unknown) | undefined },
  output: Writable,
  handlers: TerminalHandlers,
): TerminalEditor {
  const keys = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: (mode: boolean) => terminal.setRawMode?.(mode),
  });
  const lines = createInterface({ input: keys, output, terminal: true, prompt: PROMPT });
  const pastes = new Map<string, string>();
  let pasteCount = 0;
  let closed = false;
  lines.on('line', (line: string) => {
    let message = line;
    for (const [placeholder, text] of pastes) message = message.split(placeholder).join(text);
    pastes.clear();
    handlers.onLine(message);
  });
  lines.on('close', () => handlers.onClose());
  lines.on('SIGINT', () => handlers.onInterrupt());
  output.write(PASTE_MODE_ON);

  return {
    push(segment) {
      const inline = segment.text.length <= INLINE_PASTE_LIMIT && !hasControlCharacter(segment.text);
      if (!segment.pasted || inline) {
        keys.write(segment.text);
        return;
      }
      pasteCount += 1;
      // Terminals send a pasted line break as Enter (`\r`): it was a `\n` in what the user copied.
      const text = segment.text.replace(/\r\n?/g, '\n');
      const lineCount = text.split('\n').length;
      const placeholder = `[paste #${pasteCount}: ${lineCount} ${lineCount === 1 ? 'line' : 'lines'}]`;
      pastes.set(placeholder, text);
      keys.write(placeholder);
    },
    end: () => keys.end(),
    prompt: () => lines.prompt(),
    get typed() {
      return lines.line;
    },
    clearTyped() {
      lines.write(null, { ctrl: true, name: 'e' });
      lines.write(null, { ctrl: true, name: 'u' });
    },
    close() {
      if (closed) return;
      closed = true;
      lines.close();
      output.write(PASTE_MODE_OFF);
    },
  };
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
