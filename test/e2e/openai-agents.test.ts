// memstack/openai-agents with the real OpenAI Agents SDK (`@openai/agents` 0.20, its own openai 7): `Runner.run` over
// real HTTP to a local server speaking the Responses API, the session kept in SQLite and in Postgres.
import {
  Agent,
  type AgentInputItem,
  OpenAIProvider,
  Runner,
  run,
  setDefaultModelProvider,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStack, type MemoryStore } from '../../src/index.js';
import { MemstackSession } from '../../src/openai-agents.js';
import { bothStores } from '../support/both-stores.js';
import { type OpenaiServer, startOpenaiServer } from '../support/openai-server.js';
import { functionCallItem, responsesReply, responsesStreamReply } from '../support/responses-replies.js';
import { dropSchemas, NO_POSTGRES } from '../support/test-postgres.js';

const model = 'gpt-test-agents';
const alice = { agentId: 'bot', userId: 'alice' };
const bob = { agentId: 'bot', userId: 'bob' };

let server: OpenaiServer;
const schemas: string[] = [];

beforeAll(async () => {
  server = await startOpenaiServer();
  // The SDK's own `run()` uses the default provider: pointed at the local server (nothing leaves the machine).
  setDefaultModelProvider(new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.baseURL, useResponses: true }));
  setTracingDisabled(true);
});
afterAll(async () => {
  await server.close();
  await dropSchemas(...schemas);
});

interface SentRequest {
  instructions?: string | null;
  input: Array<Record<string, unknown>>;
}
const sent = (index: number): SentRequest => server.requests.at(index)?.body as SentRequest;
const texts = (items: readonly AgentInputItem[]): string[] =>
  items.map((item) => {
    const fields = item as Record<string, unknown>;
    if (typeof fields.content === 'string') return `${String(fields.role)}: ${fields.content}`;
    if (Array.isArray(fields.content)) {
      const parts = fields.content as Array<{ text?: string }>;
      return `${String(fields.role)}: ${parts.map((part) => part.text ?? '').join('')}`;
    }
    return String(fields.type);
  });

const weather = tool({
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
  execute: async (input) => `Sunny, 24°C in ${(input as { city: string }).city}`,
});
const agent = new Agent({ name: 'assistant', instructions: 'You are terse.', model, tools: [weather] });

for (const [name, openStore] of bothStores('agents', schemas)) {
  describe.skipIf(openStore === null)(
    `MemstackSession on ${name}${openStore === null ? ` (${NO_POSTGRES})` : ''}`,
    () => {
      let stack: MemoryStack;
      let runner: Runner;
      beforeEach(async () => {
        server.requests.length = 0;
        stack = createMemoryStack({ store: await (openStore as () => Promise<MemoryStore>)() });
        const modelProvider = new OpenAIProvider({ apiKey: 'sk-test', baseURL: server.baseURL, useResponses: true });
        runner = new Runner({ modelProvider, tracingDisabled: true });
      });
      afterEach(async () => {
        await stack.close();
        expect(server.pending).toBe(0);
      });

      const runWith = (session: MemstackSession, input: string) =>
        runner.run(agent, input, { session, callModelInputFilter: session.callModelInputFilter });

      it('keeps a plain run: the items in order, and the exchange recorded for memory', async () => {
        const session = new MemstackSession({ stack, scope: alice });
        server.reply(responsesReply({ model, text: 'Hello Ada.' }));
        // The SDK's top-level run(), as a user writes it.
        const result = await run(agent, 'Hi, I am Ada.', {
          session,
          callModelInputFilter: session.callModelInputFilter,
        });
        expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/responses']);
        expect(result.finalOutput).toBe('Hello Ada.');
        expect(texts(await session.getItems())).toEqual(['user: Hi, I am Ada.', 'assistant: Hello Ada.']);
        await stack.idle();
        expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual(['Hi, I am Ada.', 'Hello Ada.']);
        expect(await session.getSessionId()).toBe('bot/-/-/@alice');
      });

      it('keeps a tool call and its output among the items, and records the final answer once', async () => {
        const session = new MemstackSession({ stack, scope: alice });
        server.reply(
          responsesReply({ model, text: '', calls: [functionCallItem('call_1', 'get_weather', '{"city":"Lisbon"}')] }),
          responsesReply({ model, text: 'It is sunny in Lisbon.', id: 'resp_2' }),
        );
        const result = await runWith(session, 'What is the weather in Lisbon?');
        expect(result.finalOutput).toBe('It is sunny in Lisbon.');
        const items = await session.getItems();
        expect(texts(items)).toEqual([
          'user: What is the weather in Lisbon?',
          'function_call',
          'function_call_result',
          'assistant: It is sunny in Lisbon.',
        ]);
        expect(items[1]).toMatchObject({ type: 'function_call', callId: 'call_1', name: 'get_weather' });
        expect(items[2]).toMatchObject({ type: 'function_call_result', callId: 'call_1' });
        expect(JSON.stringify(items[2])).toContain('Sunny, 24°C in Lisbon');
        // The tool's output went back to the model in the second request.
        expect(JSON.stringify(sent(1).input)).toContain('Sunny, 24°C in Lisbon');
        await stack.idle();
        expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual([
          'What is the weather in Lisbon?',
          'It is sunny in Lisbon.',
        ]);
      });

      it('keeps a streamed run', async () => {
        const session = new MemstackSession({ stack, scope: alice });
        server.reply(responsesStreamReply({ model, deltas: ['Str', 'eamed ', 'reply.'] }));
        const result = await runner.run(agent, 'Stream to me.', {
          session,
          callModelInputFilter: session.callModelInputFilter,
          stream: true,
        });
        let streamed = '';
        for await (const text of result.toTextStream()) streamed += text;
        await result.completed;
        expect(streamed).toBe('Streamed reply.');
        expect(texts(await session.getItems())).toEqual(['user: Stream to me.', 'assistant: Streamed reply.']);
        await stack.idle();
        expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual([
          'Stream to me.',
          'Streamed reply.',
        ]);
      });

      it('returns the items across runs, sends them back, and pops the last one', async () => {
        const session = new MemstackSession({ stack, scope: alice });
        server.reply(responsesReply({ model, text: 'One.' }), responsesReply({ model, text: 'Two.', id: 'resp_2' }));
        await runWith(session, 'First?');
        // Another session object on the same scope (another process) reads the same conversation.
        const again = new MemstackSession({ stack, scope: alice });
        await runWith(again, 'Second?');
        expect(JSON.stringify(sent(1).input)).toContain('First?');
        expect(JSON.stringify(sent(1).input)).toContain('One.');
        expect(texts(await again.getItems())).toEqual([
          'user: First?',
          'assistant: One.',
          'user: Second?',
          'assistant: Two.',
        ]);
        expect(texts(await session.getItems(2))).toEqual(['user: Second?', 'assistant: Two.']);
        expect(await session.getItems(0)).toEqual([]);
        expect(texts([(await session.popItem()) as AgentInputItem])).toEqual(['assistant: Two.']);
        expect(texts(await session.getItems())).toEqual(['user: First?', 'assistant: One.', 'user: Second?']);
      });

      it("places the pin and the recap in the next request's instructions, never in the stored items", async () => {
        const session = new MemstackSession({ stack, scope: alice });
        server.reply(
          responsesReply({ model, text: 'Noted.' }),
          responsesReply({ model, text: 'Lisbon.', id: 'resp_2' }),
        );
        await runWith(session, 'Plan my trip.');
        await stack.setPin(alice, 'Plan a trip to Portugal in May');
        await stack.facts.add(alice, "User's favourite city is Lisbon");
        await runWith(session, 'Which city is my favourite?');
        const instructions = sent(1).instructions ?? '';
        expect(instructions.startsWith('You are terse.')).toBe(true);
        expect(instructions).toContain('Plan a trip to Portugal in May');
        expect(instructions).toContain('favourite city is Lisbon');
        const stored = JSON.stringify(await session.getItems());
        expect(stored).not.toContain('Portugal in May');
        expect(stored).not.toContain('favourite city is Lisbon');
      });

      it("clears the session's items, pin and summary, and keeps the user's facts", async () => {
        const session = new MemstackSession({ stack, scope: alice });
        server.reply(
          responsesReply({ model, text: 'Noted.' }),
          responsesReply({ model, text: 'Fresh.', id: 'resp_2' }),
        );
        await runWith(session, 'Plan my trip.');
        await stack.setPin(alice, 'Plan a trip to Portugal in May');
        await stack.facts.add(alice, "User's favourite city is Lisbon");
        await session.clearSession();
        expect(await session.getItems()).toEqual([]);
        const view = await stack.session(alice);
        expect(view).toMatchObject({ pinned: null, summary: null, turns: [] });
        expect((await stack.facts.list(alice)).map((fact) => fact.text)).toEqual(["User's favourite city is Lisbon"]);
        await runWith(session, 'Start over: which city?');
        expect(sent(1).instructions ?? '').not.toContain('Portugal in May');
        expect(
          sent(1)
            .input.map((item) => JSON.stringify(item))
            .join(''),
        ).not.toContain('Plan my trip');
        expect(texts(await session.getItems())).toEqual(['user: Start over: which city?', 'assistant: Fresh.']);
      });

      it("never shows one user's items, pin or facts to another user's session on the same stack", async () => {
        const aliceSession = new MemstackSession({ stack, scope: alice });
        const bobSession = new MemstackSession({ stack, scope: bob });
        server.reply(
          responsesReply({ model, text: 'Noted.' }),
          responsesReply({ model, text: 'Hi Bob.', id: 'resp_2' }),
        );
        await runWith(aliceSession, 'My locker code is qzlocker42.');
        await stack.setPin(alice, 'Keep the qzpin task');
        await stack.facts.add(alice, "User's locker code is qzlocker42");
        await runWith(bobSession, 'What is my locker code?');
        const request = JSON.stringify(sent(1));
        expect(request).not.toContain('qzlocker42');
        expect(request).not.toContain('qzpin');
        expect(texts(await bobSession.getItems())).toEqual(['user: What is my locker code?', 'assistant: Hi Bob.']);
        // Forgetting Alice removes her items; Bob's stay.
        expect((await stack.forget(alice)).items).toBe(2);
        expect(await aliceSession.getItems()).toEqual([]);
        expect(await bobSession.getItems()).toHaveLength(2);
      });

      it('records the exchanges without the filter too (the model then gets no memory)', async () => {
        const session = new MemstackSession({ stack, scope: alice });
        server.reply(
          responsesReply({ model, text: '', calls: [functionCallItem('call_9', 'get_weather', '{"city":"Porto"}')] }),
          responsesReply({ model, text: 'Cloudy in Porto.', id: 'resp_2' }),
        );
        await stack.facts.add(alice, "User's favourite city is Porto");
        await runner.run(agent, 'Weather in my favourite city, Porto?', { session });
        expect(sent(0).instructions).toBe('You are terse.');
        await stack.idle();
        expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual([
          'Weather in my favourite city, Porto?',
          'Cloudy in Porto.',
        ]);
      });

      it('runs without memory when memory fails, and tells onError', async () => {
        const errors: unknown[] = [];
        const failing: MemoryStack = {
          ...stack,
          decorate: (() => Promise.reject(new Error('decorate failed'))) as unknown as MemoryStack['decorate'],
          prepare: () => Promise.reject(new Error('prepare failed')),
        };
        const session = new MemstackSession({ stack: failing, scope: alice, onError: (error) => errors.push(error) });
        server.reply(responsesReply({ model, text: 'Still here.' }));
        const result = await runWith(session, 'Hello?');
        expect(result.finalOutput).toBe('Still here.');
        expect(sent(0).instructions).toBe('You are terse.');
        expect(errors.map((error) => (error as Error).message)).toEqual(['decorate failed', 'prepare failed']);
        expect(texts(await session.getItems())).toEqual(['user: Hello?', 'assistant: Still here.']);
      });
    },
  );
}
