import type { ReadableStreamReadResult } from 'node:stream/web';
import type { UpstreamCall } from './call-upstream.js';

const NEWLINE = 0x0a;
const encoder = new TextEncoder();

/** What the proxy does with the events of a stream it relays. */
export interface SseTap {
  /** Each event's data (its `data:` lines joined, parsed as JSON, or the string `[DONE]`) with its `event:` name. */
  onEvent(name: string | undefined, data: unknown): void;
  /** Whether this event ends the reply: it, and whatever follows, is held back until `beforeEnd` has resolved. */
  isFinal(name: string | undefined, data: unknown): boolean;
  /** Runs once: at the final event, or at the end of a body that had none. The client's stream ends after it. */
  beforeEnd(): Promise<void>;
  /** The upstream failed before the final event (went silent, broke off): the text that ends the client's stream. */
  onFailure(error: unknown): string;
}

/**
 * Relays an SSE body from the upstream, byte for byte, one whole event at a time as it arrives (the bytes of an event
 * not yet ended wait for its blank line), and hands each event to `tap`. The final event is held back until
 * `tap.beforeEnd()` has resolved (the exchange is stored), so a client that has it knows the exchange is stored. A
 * failed read ends the stream after the last whole event with `tap.onFailure`'s text (the API's error event), never
 * with half an event; nothing is held back then (no `beforeEnd`). A client that cancels aborts the upstream call. An
 * event larger than `maxEventBytes` passes as it comes, unread.
 */
export function tapSse(
  source: Pick<UpstreamCall, 'read' | 'cancel'>,
  tap: SseTap,
  maxEventBytes = 1 << 20,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let line: Uint8Array[] = [];
  let lineBytes = 0;
  let name: string | undefined;
  let data: string[] = [];
  // The final event went to the client: what follows passes as it comes.
  let released = false;
  let cancelled = false;

  const hold = (bytes: Uint8Array): void => {
    if (bytes.length === 0) return;
    held.push(bytes);
    heldBytes += bytes.length;
  };
  const release = (): Uint8Array[] => {
    const parts = held;
    held = [];
    heldBytes = 0;
    return parts;
  };
  // The text of the line that ends with `tail`, or undefined for a line too long to read.
  const endLine = (tail: Uint8Array): string | undefined => {
    const length = lineBytes + tail.length;
    const parts = line;
    line = [];
    lineBytes = 0;
    if (length > maxEventBytes) return undefined;
    const bytes = parts.length === 0 ? tail : Buffer.concat([...parts, tail]);
    const text = decoder.decode(bytes);
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  const field = (text: string): void => {
    if (text.startsWith('event:')) name = text.slice(6).trim();
    else if (text.startsWith('data:')) data.push(text.slice(text.startsWith('data: ') ? 6 : 5));
  };
  // At an event's blank line: whether it was the final one.
  const dispatch = (): boolean => {
    const lines = data;
    const event = name;
    data = [];
    name = undefined;
    if (lines.length === 0) return false;
    const joined = lines.join('\n');
    try {
      const value = joined.trim() === '[DONE]' ? '[DONE]' : JSON.parse(joined);
      tap.onEvent(event, value);
      return tap.isFinal(event, value);
    } catch {
      // Not JSON, or an observer's bug: the client still gets every byte.
      return false;
    }
  };
  // The bytes of `chunk` that may go to the client now (whole events before the final one); the rest is held.
  const take = (chunk: Uint8Array): { forward: Uint8Array[]; final: boolean } => {
    const forward: Uint8Array[] = [];
    let start = 0;
    let lineStart = 0;
    for (let index = chunk.indexOf(NEWLINE); index >= 0; index = chunk.indexOf(NEWLINE, lineStart)) {
      const text = endLine(chunk.subarray(lineStart, index));
      lineStart = index + 1;
      if (text === '') {
        const final = dispatch();
        hold(chunk.subarray(start, lineStart));
        start = lineStart;
        if (final) {
          hold(chunk.subarray(start));
          return { forward, final: true };
        }
        forward.push(...release());
      } else if (text !== undefined) field(text);
    }
    const rest = chunk.subarray(lineStart);
    if (lineBytes + rest.length <= maxEventBytes) line.push(rest);
    lineBytes += rest.length;
    hold(chunk.subarray(start));
    // An event too large to hold back passes as it comes.
    if (heldBytes > maxEventBytes) forward.push(...release());
    return { forward, final: false };
  };

  return new ReadableStream<Uint8Array>(
    {
      // A pull that enqueues nothing is not called again: it reads on until it has something to send, or the end.
      async pull(controller) {
        let sent = false;
        const send = (parts: Uint8Array[]): void => {
          if (cancelled) return;
          for (const part of parts) controller.enqueue(part);
          if (parts.length > 0) sent = true;
        };
        const close = (): void => {
          if (!cancelled) controller.close();
          sent = true;
        };
        while (!sent && !cancelled) {
          let next: ReadableStreamReadResult<Uint8Array>;
          try {
            next = await source.read();
          } catch (error) {
            // After the final event the client has its whole reply: whatever broke after it is not the reply's.
            if (!released) send([encoder.encode(tap.onFailure(error))]);
            close();
            return;
          }
          if (next.done) {
            if (!released) await tap.beforeEnd();
            send(release());
            close();
            return;
          }
          if (released) {
            send([next.value]);
            continue;
          }
          const { forward, final } = take(next.value);
          send(forward);
          if (final) {
            released = true;
            await tap.beforeEnd();
            send(release());
          }
        }
      },
      cancel() {
        cancelled = true;
        source.cancel();
      },
    },
    { highWaterMark: 0 },
  );
}
