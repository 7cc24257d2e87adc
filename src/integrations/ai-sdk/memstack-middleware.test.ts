import type {
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import * as ai7 from 'ai-v7';
import { MockLanguageModelV4 } from 'ai-v7/test';
import { afterEach, describe, expect, it } from 'vitest';
import { extractionReply as extraction } from '../../../test/support/extraction-reply.js';
import { createMemoryStack, type DecorateScope, llmExtractor, type MemoryStack } from '../../index.js';
import { sqliteStore } from '../../sqlite.js';
import { scriptedCompletionModel } from '../../testing.js';
import { memstackMiddleware } from './memstack-middleware.js';

const alice: DecorateScope = { agentId: 'planner', userId: 'alice' };
const usage = (input: number, read: number, output: number) => ({
  inputTokens: { total: input + read, noCache: input, cacheRead: read, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});
const answer = (text: string, read = 0): LanguageModelV3GenerateResult => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: 'end_turn' },
  usage: usage(100, read, 10),
  warnings: [],
});
const streamOf = (parts: LanguageModelV3StreamPart[]) => ({ stream: convertArrayToReadableStream(parts) });
const textStream = (text: string): LanguageModelV3StreamPart[] => [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text.slice(0, 5) },
  { type: 'text-delta', id: 't', delta: text.slice(5) },
  { type: 'text-end', id: 't' },
  { type: 'finish', usage: usage(80, 20, 7), finishReason: { unified: 'stop', raw: 'end_turn' } },
];

describe('memstackMiddleware (ai 6, LanguageModelV3)', () => {
  let stack: MemoryStack;
  afterEach(async () => {
    await stack.close();
  });
  const open = (responses: string[]): void => {
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: scriptedCompletionModel(responses) }),
    });
  };
  const stored = async () => (await stack.session(alice)).turns.map((turn) => `${turn.role}: ${turn.text}`);
  const systemOf = (call: LanguageModelV3CallOptions | undefined) =>
    (call?.prompt ?? []).filter((message) => message.role === 'system');

  it('adds the pin with a cache breakpoint and the recap, and records each generateText turn', async () => {
    open([extraction('Plan a weekend in Lisbon', ['User travels with a dog']), extraction(null)]);
    const model = new MockLanguageModelV3({ doGenerate: [answer('Which dates?'), answer('Booked: Alfama.', 50)] });
    const wrapped = wrapLanguageModel({ model, middleware: memstackMiddleware({ stack, scope: alice }) });
    const messages = [{ role: 'user' as const, content: 'Plan a weekend in Lisbon for me and my dog.' }];
    const first = await generateText({ model: wrapped, system: 'You plan trips.', messages });
    await stack.idle();
    const second = await generateText({
      model: wrapped,
      system: 'You plan trips.',
      messages: [
        ...messages,
        { role: 'assistant', content: first.text },
        { role: 'user', content: 'The first weekend of May, with the dog.' },
      ],
    });
    expect(second.text).toBe('Booked: Alfama.');
    const call = model.doGenerateCalls[1];
    const system = systemOf(call);
    expect(system[0]).toMatchObject({ role: 'system', content: 'You plan trips.' });
    expect(system[1]).toMatchObject({
      content: expect.stringContaining('Plan a weekend in Lisbon'),
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    });
    const last = call?.prompt.at(-1);
    expect(last?.role).toBe('user');
    expect(JSON.stringify(last?.content)).toMatch(/<task_recap>.*User travels with a dog.*The first weekend of May/);
    // The history's tail carries the breakpoint.
    expect(call?.prompt.at(-2)?.providerOptions).toEqual({ anthropic: { cacheControl: { type: 'ephemeral' } } });
    expect(await stored()).toEqual([
      'user: Plan a weekend in Lisbon for me and my dog.',
      'assistant: Which dates?',
      'user: The first weekend of May, with the dog.',
      'assistant: Booked: Alfama.',
    ]);
  });

  it('records a tool loop once, after the final step, with the usage of every step', async () => {
    open([extraction('Check the Lisbon weather')]);
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: '{"city":"Lisbon"}' },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage: usage(100, 0, 10),
          warnings: [],
        },
        answer('21°C and sunny.', 90),
      ],
    });
    const events: string[] = [];
    const wrapped = wrapLanguageModel({
      model,
      middleware: memstackMiddleware({ stack, scope: alice, onError: (error) => events.push(String(error)) }),
    });
    const result = await generateText({
      model: wrapped,
      prompt: 'What is the weather in Lisbon?',
      tools: {
        weather: tool({
          inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
          execute: async ({ city }) => `${city}: 21°C`,
        }),
      },
      stopWhen: stepCountIs(3),
    });
    expect(result.steps).toHaveLength(2);
    await stack.idle();
    expect(events).toEqual([]);
    expect(await stored()).toEqual(['user: What is the weather in Lisbon?', 'assistant: Checking.\n\n21°C and sunny.']);
    // The second step's memory sat on the user's turn, not on the tool result.
    const second = model.doGenerateCalls[1];
    expect(JSON.stringify(second?.prompt.find((message) => message.role === 'tool'))).not.toContain('task_recap');
  });

  it('records a streamed reply when the stream finishes, and nothing when it fails or is cancelled', async () => {
    open([extraction('Write a haiku about rain'), extraction(null)]);
    const failing: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Half a' },
      { type: 'error', error: new Error('overloaded') },
    ];
    const model = new MockLanguageModelV3({
      doStream: [streamOf(failing), streamOf(textStream('Soft rain on tin roofs')), streamOf(textStream('Never read'))],
    });
    const wrapped = wrapLanguageModel({ model, middleware: memstackMiddleware({ stack, scope: alice }) });
    const prompt = 'Write a haiku about rain.';
    const broken = streamText({ model: wrapped, prompt, onError: () => {} });
    await broken.consumeStream();
    expect(await stored()).toEqual([]);

    const streamed = streamText({ model: wrapped, prompt });
    expect(await streamed.text).toBe('Soft rain on tin roofs');
    await stack.idle();
    expect(await stored()).toEqual(['user: Write a haiku about rain.', 'assistant: Soft rain on tin roofs']);

    const cancelled = streamText({ model: wrapped, prompt: 'Another one, please.' });
    const reader = cancelled.textStream.getReader();
    await reader.read();
    await reader.cancel();
    await stack.idle();
    expect((await stored()).length).toBe(2);
  });

  it('serves many users from one wrapped model, and passes a call without identity through untouched', async () => {
    open([extraction('Learn Rust'), extraction('Learn Go')]);
    const model = new MockLanguageModelV3({
      doGenerate: [answer('Start with the book.'), answer('Tour of Go.'), answer('Hi.')],
    });
    const middleware = memstackMiddleware({
      stack,
      scope: (params) => {
        const memstack = params.providerOptions?.memstack;
        return typeof memstack?.userId === 'string' ? { agentId: 'tutor', userId: memstack.userId } : undefined;
      },
    });
    const wrapped = wrapLanguageModel({ model, middleware });
    await generateText({
      model: wrapped,
      prompt: 'I want to learn Rust.',
      providerOptions: { memstack: { userId: 'ann' } },
    });
    await generateText({
      model: wrapped,
      prompt: 'I want to learn Go.',
      providerOptions: { memstack: { userId: 'bob' } },
    });
    await generateText({ model: wrapped, prompt: 'Hello' });
    await stack.idle();
    const turns = async (userId: string) =>
      (await stack.session({ agentId: 'tutor', userId })).turns.map((turn) => turn.text);
    expect(await turns('ann')).toEqual(['I want to learn Rust.', 'Start with the book.']);
    expect(await turns('bob')).toEqual(['I want to learn Go.', 'Tour of Go.']);
    expect(model.doGenerateCalls[2]?.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]);
  });

  it('passes a call whose scope has a blank id through without memory, and tells onError', async () => {
    open([]);
    // What a blank id read as absent would reach: the agent's own session, with its pin and history.
    await stack.record(await stack.prepare({ agentId: 'tutor', text: 'Agent-wide: the memo is confidential.' }), {
      text: 'Noted.',
    });
    await stack.setPin({ agentId: 'tutor' }, 'Keep the memo confidential');
    const blanks = ['', ' ', '\u3000', '\u200b'];
    const fields = ['agentId', 'userId', 'channelId', 'threadId'] as const;
    const cases = fields.flatMap((field) => blanks.map((id) => ({ field, id })));
    const model = new MockLanguageModelV3({
      doGenerate: cases.map(() => answer('Hi.')),
      doStream: cases.map(() => streamOf(textStream('Hi there.'))),
    });
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    for (const { field, id } of cases) {
      const scope = { agentId: 'tutor', userId: 'ann', [field]: id } as DecorateScope;
      // The scope read from the call, for one wrapped model serving many users, and a fixed one.
      const fromCall = memstackMiddleware({
        stack,
        scope: (params) => params.providerOptions?.memstack as unknown as DecorateScope,
        onError,
      });
      const providerOptions = { memstack: { ...scope } };
      const generated = await generateText({
        model: wrapLanguageModel({ model, middleware: fromCall }),
        prompt: 'What was the memo?',
        providerOptions,
      });
      expect(generated.text).toBe('Hi.');
      const fixed = memstackMiddleware({ stack, scope, onError });
      const streamed = streamText({
        model: wrapLanguageModel({ model, middleware: fixed }),
        prompt: 'What was the memo?',
      });
      expect(await streamed.text).toBe('Hi there.');
    }
    await stack.idle();
    const prompt = [{ role: 'user', content: [{ type: 'text', text: 'What was the memo?' }] }];
    for (const call of [...model.doGenerateCalls, ...model.doStreamCalls]) expect(call.prompt).toEqual(prompt);
    expect(errors).toHaveLength(cases.length * 2);
    for (const [index, error] of errors.entries()) {
      const { field } = cases[Math.floor(index / 2)] as (typeof cases)[number];
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: field });
    }
    // Nothing reached the agent's own session (its one exchange is the one stored above), nor any other.
    expect((await stack.session({ agentId: 'tutor' })).turns).toHaveLength(2);
    expect(await stack.inspect.sessions({ agentId: 'tutor' })).toHaveLength(1);
  });
});

describe('memstackMiddleware (ai 7, LanguageModelV4)', () => {
  it('reads the prompt parts V4 adds (a custom part, a file typed only "image") and still places memory', async () => {
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({
        model: scriptedCompletionModel([
          extraction('Plan a weekend in Lisbon', ['User travels with a dog']),
          extraction(null),
        ]),
      }),
    });
    try {
      const model = new MockLanguageModelV4({
        doGenerate: [answer('Which dates?'), answer('Alfama has a dog park.')] as never,
      });
      const errors: unknown[] = [];
      const wrapped = ai7.wrapLanguageModel({
        model,
        middleware: memstackMiddleware({ stack, scope: alice, onError: (error) => errors.push(error) }),
      });
      const photo = { type: 'file' as const, mediaType: 'image', data: new Uint8Array([1, 2, 3, 4]) };
      const first = await ai7.generateText({
        model: wrapped,
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Plan a weekend in Lisbon for me and my dog.' }, photo] },
        ],
      });
      await stack.idle();
      await ai7.generateText({
        model: wrapped,
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Plan a weekend in Lisbon for me and my dog.' }, photo] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: first.text },
              { type: 'custom', kind: 'openai.compaction', providerOptions: { openai: { id: 'cmp_1' } } },
            ],
          },
          { role: 'user', content: 'Where can the dog run?' },
        ],
      });
      await stack.idle();
      expect(errors).toEqual([]);
      const call = model.doGenerateCalls[1];
      expect(call?.prompt.find((message) => message.role === 'system')?.content).toContain('Plan a weekend in Lisbon');
      expect(JSON.stringify(call?.prompt.at(-1)?.content)).toMatch(/^\[\{"type":"text","text":"<task_recap>/);
      expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual([
        'Plan a weekend in Lisbon for me and my dog.',
        'Which dates?',
        'Where can the dog run?',
        'Alfama has a dog park.',
      ]);
    } finally {
      await stack.close();
    }
  });
});
