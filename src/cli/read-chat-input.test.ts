import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASTE_END, PASTE_START, withoutPasteMarkers } from '../../test/support/paste-markers.js';
import { type ChatInput, readChatInput } from './read-chat-input.js';

const START = PASTE_START;
const END = PASTE_END;

async function messagesOf(input: ChatInput): Promise<string[]> {
  const messages: string[] = [];
  for (let message = await input.next(); message !== null; message = await input.next()) messages.push(message);
  return messages;
}

/** A pipe: bytes in, messages out. */
async function readPipe(chunks: Buffer[]): Promise<string[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const reading = readChatInput(input, output, { onInterrupt: () => {} });
  for (const chunk of chunks) input.write(chunk);
  input.end();
  return messagesOf(reading);
}

/** A terminal as readline sees one (isTTY, raw mode), fed keys as a terminal sends them. */
function fakeTerminal() {
  const rawModes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: (mode: boolean) => rawModes.push(mode),
  });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString('utf8');
  });
  return { input, output, rawModes, shown: () => shown };
}

const pastable = fc
  .string({
    unit: fc.oneof(fc.constantFrom('\n', '\r', '\r\n', '\u001b', '[', '~', '/exit'), fc.string({ unit: 'grapheme' })),
  })
  .map(withoutPasteMarkers);

describe('readChatInput on a pipe', () => {
  it('reads each line as a message, and a paste within markers as one, whatever the byte chunks', async () => {
    await fc.assert(
      fc.asyncProperty(pastable, fc.array(fc.nat(), { maxLength: 6 }), async (text, cuts) => {
        // Cuts at any byte: a chunk may end in the middle of a character or of a marker.
        const bytes = Buffer.from(`before\n${START}${text}${END}\nafter\n`, 'utf8');
        const points = [...new Set(cuts.map((cut) => cut % bytes.length))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((from, index) => bytes.subarray(from, points[index] ?? bytes.length));
        expect(await readPipe(chunks)).toEqual(['before', text, 'after']);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a pasted megabyte in 64 KB chunks as one message', async () => {
    const text = 'A pasted log line, with a timestamp and a message.\n'.repeat(21_000);
    const bytes = Buffer.from(`${START}${text}${END}\n`);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
      bytes.subarray(index * 65_536, (index + 1) * 65_536),
    );
    expect(await readPipe(chunks)).toEqual([text]);
  });

  it('drops the messages not taken yet once closed', async () => {
    const input = new PassThrough();
    const reading = readChatInput(input, new PassThrough(), { onInterrupt: () => {} });
    input.write('one\ntwo\n');
    expect(await reading.next()).toBe('one');
    reading.close();
    expect(await reading.next()).toBeNull();
  });
});

describe('readChatInput in a terminal', () => {
  it('edits lines with readline, in raw mode with bracketed paste on, and restores both when closed', async () => {
    const terminal = fakeTerminal();
    const reading = readChatInput(terminal.input, terminal.output, { onInterrupt: () => {} });
    reading.prompt();
    terminal.input.write('helo\u007flo\r');
    expect(await reading.next()).toBe('hello');
    reading.close();
    expect(terminal.rawModes).toEqual([true, false]);
    expect(terminal.shown()).toContain('\u001b[?2004h');
    expect(terminal.shown()).toContain('you> ');
    expect(terminal.shown().endsWith('\u001b[?2004l')).toBe(true);
  });

  it('shows a paste as a placeholder, and sends it in full with what was typed around it on Enter', async () => {
    const terminal = fakeTerminal();
    const reading = readChatInput(terminal.input, terminal.output, { onInterrupt: () => {} });
    terminal.input.write(`explain ${START}def f():\r    return 1\r${END}`);
    terminal.input.write(' briefly\r');
    expect(await reading.next()).toBe('explain def f():\n    return 1\n briefly');
    expect(terminal.shown()).toContain('explain [paste #1: 3 lines] briefly');
    reading.close();
  });

  it('takes a pasted megabyte on one line without passing it through the line editor', async () => {
    const terminal = fakeTerminal();
    const reading = readChatInput(terminal.input, terminal.output, { onInterrupt: () => {} });
    const text = 'x'.repeat(1_048_576);
    for (let from = 0; from < text.length; from += 4096) {
      terminal.input.write(`${from === 0 ? START : ''}${text.slice(from, from + 4096)}`);
    }
    terminal.input.write(`${END}\r`);
    expect(await reading.next()).toBe(text);
    // The line showed a placeholder: the megabyte was never inserted into the editor key by key, nor echoed.
    expect(terminal.shown()).toContain('[paste #1: 1 line]');
    expect(terminal.shown().length).toBeLessThan(10_000);
    reading.close();
  });

  it('reports Ctrl-C, says what is typed, and clears it', async () => {
    const terminal = fakeTerminal();
    let interrupts = 0;
    const reading = readChatInput(terminal.input, terminal.output, { onInterrupt: () => (interrupts += 1) });
    terminal.input.write('half a thought');
    await new Promise((resolve) => setImmediate(resolve));
    expect(reading.typed).toBe('half a thought');
    terminal.input.write('\u0003');
    await new Promise((resolve) => setImmediate(resolve));
    expect(interrupts).toBe(1);
    reading.clearTyped();
    expect(reading.typed).toBe('');
    terminal.input.end();
    expect(await reading.next()).toBeNull();
  });
});
