import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack, type DecoratedTurn, InvalidInputError, type MemoryStack } from '../../src/index.js';
import { createMemoryProxy } from '../../src/server.js';
import { memoryStore } from '../../src/testing.js';
import { type CollectedReply, type WireFormat, type WireFormatName, wireFormats } from '../../src/wire.js';

/** A made-up API: a preface (its system prompt) and lines said by a person or the bot. */
interface ToyRequest {
  preface: string;
  lines: ToyLine[];
}
interface ToyLine {
  speaker: 'person' | 'bot';
  words: string;
}

const lastPersonLine = (lines: readonly ToyLine[]): number => lines.findLastIndex((line) => line.speaker === 'person');

/**
 * A new wire format, written against the port alone (`memstack/wire`'s types, the root entry's error): what a
 * format's folder holds. The pin goes at the tail of the preface, the recap at the head of the person's last line.
 */
const toyFormat: WireFormat<ToyRequest, ToyRequest> = {
  name: 'toy' as WireFormatName,
  check(input) {
    const { preface, lines } = input;
    const valid =
      typeof preface === 'string' &&
      Array.isArray(lines) &&
      lines.every((line: ToyLine) => ['person', 'bot'].includes(line?.speaker) && typeof line.words === 'string');
    if (!valid) throw new InvalidInputError('INVALID_ARGUMENT', 'lines', 'toy lines are { speaker, words }');
    return { preface, lines } as ToyRequest;
  },
  read({ preface, lines }) {
    const current = lastPersonLine(lines);
    const turn = lines[current];
    if (turn === undefined) return undefined;
    const earlier = lines.filter((_, index) => index !== current);
    return {
      text: turn.words,
      types: ['text'],
      visible: earlier.filter((_, index) => index < current).map((line) => line.words),
      previousReply: lines.slice(0, current).findLast((line) => line.speaker === 'bot')?.words,
      sent: [preface, ...lines.slice(0, current + 1).flatMap((line) => [line.speaker, line.words])],
      systemText: preface,
      historyTexts: earlier.map((line) => line.words),
    };
  },
  place({ preface, lines }, notes) {
    const current = lastPersonLine(lines);
    const placed = lines.map((line, index) =>
      index === current && notes.recap !== '' ? { ...line, words: `${notes.recap}\n\n${line.words}` } : line,
    );
    return {
      request: { preface: notes.pin === '' ? preface : `${preface}\n\n${notes.pin}`, lines: placed },
      currentTurn: current,
      droppedBreakpoints: [],
    };
  },
  estimate({ preface, lines }) {
    return {
      system: [{ type: 'text', text: preface }],
      messages: lines.map((line) => ({
        role: line.speaker === 'bot' ? ('assistant' as const) : ('user' as const),
        content: [{ type: 'text' as const, text: line.words }],
      })),
    };
  },
  sentPrompt({ preface, lines }, currentTurn) {
    return {
      format: 'toy' as WireFormatName,
      system: preface,
      earlierMessages: currentTurn,
      current: lines.slice(currentTurn),
    };
  },
  currentText({ lines }, currentTurn) {
    return lines[currentTurn]?.words;
  },
  route: { path: '/v1/toy', provider: 'openai' },
  readBody(body) {
    if (typeof body !== 'object' || body === null || !('lines' in body)) return undefined;
    const { preface, lines, person } = body as Record<string, unknown>;
    return { input: { preface, lines }, user: person, asksForData: false };
  },
  collector() {
    let reply: CollectedReply | undefined;
    return {
      event: () => undefined,
      isFinal: () => false,
      body(data) {
        const said = (data as { said?: unknown }).said;
        if (typeof said === 'string') reply = { text: said, content: [{ type: 'text', text: said }], usage: undefined };
      },
      reply: () => reply,
    };
  },
  error(kind, message) {
    const body = { problem: { kind, message } };
    return { body, event: `data: ${JSON.stringify(body)}\n\n` };
  },
};

const alice = { agentId: 'assistant', userId: 'alice' };
const preface = 'You are a careful engineer.';

/**
 * A new wire format is its folder and one row in the table (decision 29): the toy format above is registered as that
 * row (added at run time here, as a line of `wireFormats` would), and nothing else changes: `decorate` reads it, places
 * memory in it and records its turns, and the proxy serves it on its route.
 */
describe('a new wire format, through the port alone', () => {
  const table = wireFormats as Record<string, WireFormat>;
  beforeAll(() => {
    table.toy = toyFormat as WireFormat;
  });
  afterAll(() => {
    delete table.toy;
  });

  const decorate = (stack: MemoryStack, request: ToyRequest) =>
    stack.decorate({ ...alice, ...request, format: 'toy' } as never) as unknown as Promise<DecoratedTurn<ToyRequest>>;

  it('is decorated and recorded end to end by stack.decorate', async () => {
    const stack = createMemoryStack({ store: memoryStore() });
    try {
      const lines: ToyLine[] = [
        { speaker: 'person', words: 'Help me set up a Rust workspace. We always use nextest for tests.' },
      ];
      const first = await decorate(stack, { preface, lines });
      expect(first.request).toEqual({ preface, lines });
      await stack.record(first, { text: 'Sure: which crates?' });
      await stack.idle();

      lines.push(
        { speaker: 'bot', words: 'Sure: which crates?' },
        { speaker: 'person', words: 'How do I run the tests?' },
      );
      const second = await decorate(stack, { preface, lines });
      expect(second.pinned).toContain('Rust workspace');
      expect(second.request.preface.startsWith(`${preface}\n\n`)).toBe(true);
      expect(second.request.preface).toContain('Rust workspace');
      expect(second.request.lines[2]?.words).toContain('nextest');
      expect(second.request.lines[2]?.words.endsWith('How do I run the tests?')).toBe(true);
      // The caller's other lines are its own objects.
      expect(second.request.lines[0]).toBe(lines[0]);
      expect(second.request.lines[1]).toBe(lines[1]);
      await stack.record(second, { text: 'Run cargo nextest run.' });
      const session = await stack.session(alice);
      expect(session.turns.map((turn) => turn.text)).toEqual([
        'Help me set up a Rust workspace. We always use nextest for tests.',
        'Sure: which crates?',
        'How do I run the tests?',
        'Run cargo nextest run.',
      ]);
      const bad = await decorate(stack, { preface, lines: [{ speaker: 'nobody', words: 'hi' }] } as never).catch(
        (error: unknown) => error,
      );
      expect(InvalidInputError.isInstance(bad)).toBe(true);
    } finally {
      await stack.close();
    }
  });

  it('is served by the proxy on its own route, memory placed and the reply recorded', async () => {
    const stack = createMemoryStack({ store: memoryStore() });
    const sent: ToyRequest[] = [];
    const proxy = createMemoryProxy({
      stack,
      openaiBaseUrl: 'http://upstream.test',
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)) as ToyRequest);
        return new Response(JSON.stringify({ said: `Reply ${sent.length}.` }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const call = (lines: ToyLine[]) =>
      proxy.request('http://127.0.0.1/v1/toy', {
        method: 'POST',
        headers: { host: '127.0.0.1', 'content-type': 'application/json', 'x-memstack-user': 'alice' },
        body: JSON.stringify({ preface, lines }),
      });
    try {
      const lines: ToyLine[] = [{ speaker: 'person', words: 'Help me migrate the billing service to Postgres.' }];
      const first = await call(lines);
      expect(first.headers.get('x-memstack')).toContain('decorated');
      expect(await first.json()).toEqual({ said: 'Reply 1.' });
      await proxy.idle();
      lines.push({ speaker: 'bot', words: 'Reply 1.' }, { speaker: 'person', words: 'Which version first?' });
      await call(lines);
      await proxy.idle();
      expect(sent[1]?.preface).toContain('billing service');
      const session = await stack.session({ agentId: 'proxy', userId: 'alice' });
      expect(session.turns.map((turn) => turn.text)).toEqual([
        'Help me migrate the billing service to Postgres.',
        'Reply 1.',
        'Which version first?',
        'Reply 2.',
      ]);
    } finally {
      await stack.close();
    }
  });
});
