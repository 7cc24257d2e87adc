import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tapSse } from './tap-sse.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const FAILURE = 'event: error\ndata: {"type":"error"}\n\n';

/** A stream as an upstream sends it: its bytes, where each event ends, and the events a client reads from it. */
interface Script {
  bytes: Uint8Array;
  /** The byte offset after each event's blank line; the last is the final event's. */
  ends: number[];
  events: Array<{ name: string; data: unknown }>;
}

const eventArbitrary = fc.record({
  name: fc.constantFrom('message_start', 'content_block_delta', 'ping', 'message_delta'),
  // Any text, CJK and emoji included: the chunk cuts fall inside characters too.
  text: fc.string({ unit: 'grapheme', maxLength: 40 }),
  crlf: fc.boolean(),
  comment: fc.boolean(),
});

function script(events: Array<{ name: string; text: string; crlf: boolean; comment: boolean }>) {
  const parts: string[] = [];
  const ends: number[] = [];
  let length = 0;
  const add = (text: string): void => {
    parts.push(text);
    length += encoder.encode(text).length;
  };
  const all = [...events, { name: 'message_stop', text: '', crlf: false, comment: false }];
  for (const event of all) {
    const end = event.crlf ? '\r\n' : '\n';
    if (event.comment) add(`: keep-alive${end}`);
    add(`event: ${event.name}${end}data: ${JSON.stringify({ type: event.name, text: event.text })}${end}${end}`);
    ends.push(length);
  }
  return {
    bytes: encoder.encode(parts.join('')),
    ends,
    events: all.map((event) => ({ name: event.name, data: { type: event.name, text: event.text } })),
  } satisfies Script;
}

/** Cuts the bytes at the given points (any byte, inside a character or a CRLF too). */
function chunks(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) pieces.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return pieces;
}

/** Runs the tap over the chunks, failing after `failAfter` of them when given; what the client read, and when. */
async function relay(pieces: Uint8Array[], failAfter?: number) {
  const seen: Array<{ name: string | undefined; data: unknown }> = [];
  let received = new Uint8Array(0);
  let atEnd: Uint8Array | undefined;
  let ends = 0;
  let cancelled = false;
  let index = 0;
  const body = tapSse(
    {
      read: async () => {
        if (failAfter !== undefined && index === failAfter) throw new Error('the upstream went silent');
        const value = pieces[index];
        index += 1;
        return value === undefined ? { done: true, value: undefined } : { done: false, value };
      },
      cancel: () => {
        cancelled = true;
      },
    },
    {
      onEvent: (name, data) => seen.push({ name, data }),
      isFinal: (name) => name === 'message_stop',
      beforeEnd: async () => {
        ends += 1;
        // Whatever was sent before the final event is queued already: let the client read it all, then look.
        await new Promise((resolve) => setImmediate(resolve));
        atEnd = received;
      },
      onFailure: () => FAILURE,
    },
  );
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    received = Buffer.concat([received, next.value]);
  }
  return { received, atEnd, ends, seen, cancelled };
}

describe('tapSse', () => {
  it('passes every byte, however the stream is cut into chunks, and holds the final event back until beforeEnd', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArbitrary, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (events, cuts) => {
          const stream = script(events);
          const result = await relay(chunks(stream.bytes, cuts));
          expect(Buffer.from(result.received).equals(Buffer.from(stream.bytes))).toBe(true);
          expect(result.seen).toEqual(stream.events);
          expect(result.ends).toBe(1);
          // When the exchange was being stored, the client had every event but the final one, whole.
          const beforeFinal = stream.ends.at(-2) ?? 0;
          expect(decoder.decode(result.atEnd)).toBe(decoder.decode(stream.bytes.subarray(0, beforeFinal)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ends a failed stream after its last whole event with the error event, never half an event', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArbitrary, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.nat(),
        async (events, cuts, failure) => {
          const stream = script(events);
          const pieces = chunks(stream.bytes, cuts);
          const failAfter = failure % (pieces.length + 1);
          const delivered = pieces.slice(0, failAfter).reduce((sum, piece) => sum + piece.length, 0);
          const result = await relay(pieces, failAfter);
          const finalEnd = stream.ends.at(-1) ?? 0;
          if (delivered >= finalEnd) {
            // The final event got through: the client has its whole reply, and nothing is added.
            expect(decoder.decode(result.received)).toBe(decoder.decode(stream.bytes));
            expect(result.ends).toBe(1);
            return;
          }
          const whole = stream.ends.filter((end) => end <= delivered).at(-1) ?? 0;
          expect(decoder.decode(result.received)).toBe(decoder.decode(stream.bytes.subarray(0, whole)) + FAILURE);
          expect(result.ends).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lets an event too large to hold pass as it comes, and reads the events after it', async () => {
    const large = `event: content_block_delta\ndata: ${JSON.stringify({ text: 'x'.repeat(300) })}\n\n`;
    const stop = 'event: message_stop\ndata: {"type":"message_stop"}\n\n';
    const bytes = encoder.encode(large + stop);
    const pieces = chunks(bytes, [100, 200, 300]);
    const seen: string[] = [];
    const sent: string[] = [];
    const body = tapSse(
      {
        read: async () => {
          const value = pieces.shift();
          return value === undefined ? { done: true, value: undefined } : { done: false, value };
        },
        cancel: () => undefined,
      },
      {
        onEvent: (name) => seen.push(name ?? ''),
        isFinal: (name) => name === 'message_stop',
        beforeEnd: async () => undefined,
        onFailure: () => FAILURE,
      },
      128,
    );
    const reader = body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) sent.push(decoder.decode(next.value));
    expect(sent.join('')).toBe(large + stop);
    // The first 100 bytes went out before the event had ended (it was too large to hold), unread.
    expect(sent[0]).toBe(large.slice(0, 100));
    expect(seen).toEqual(['message_stop']);
  });

  it('aborts the upstream call when the client cancels, and runs no beforeEnd', async () => {
    let cancelled = false;
    let ends = 0;
    const body = tapSse(
      {
        read: async () => ({ done: false, value: encoder.encode('event: ping\ndata: {"type":"ping"}\n\n') }),
        cancel: () => {
          cancelled = true;
        },
      },
      {
        onEvent: () => undefined,
        isFinal: () => false,
        beforeEnd: async () => {
          ends += 1;
        },
        onFailure: () => FAILURE,
      },
    );
    const reader = body.getReader();
    await reader.read();
    await reader.cancel();
    expect(cancelled).toBe(true);
    expect(ends).toBe(0);
  });
});
