import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import * as ai6 from 'ai';
import { createOpenAICompatible as createOpenAICompatibleV3 } from 'ai-sdk-openai-compatible-v3';
import * as ai7 from 'ai-v7';
import { afterEach, describe, expect, it } from 'vitest';
import { memstackMiddleware } from '../../src/ai-sdk.js';
import { createMemoryStack, llmExtractor, type MemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server.js';
import { extractionReply as extraction } from '../support/extraction-reply.js';
import { completionReply, type OpenaiServer, startOpenaiServer, streamReply } from '../support/openai-server.js';

const alice = { agentId: 'planner', userId: 'alice' };

/**
 * Each major of the AI SDK with the OpenAI-compatible provider made for it: `ai` 6 (LanguageModelV3) with
 * `@ai-sdk/openai-compatible` 2, `ai` 7 (LanguageModelV4) with `@ai-sdk/openai-compatible` 3. `ai` 7 also takes a V3
 * provider and adapts it (`@ai-sdk/anthropic` 3 here), so under `ai` 7 the middleware sees V4 call options in both
 * cases. Each `wrap` is written in its major's own types (so `ai` 7's types are checked against the middleware); the
 * cases are written once, over `ai` 6's types.
 */
interface Major {
  name: string;
  specification: 'v3' | 'v4';
  ai: typeof ai6;
  wrap(stack: MemoryStack, provider: 'anthropic' | 'openai-compatible', baseURL: string): LanguageModelV3;
}
const anthropicModel = (baseURL: string) => createAnthropic({ apiKey: 'k', baseURL: `${baseURL}/v1` })('claude-test');
const majors: Major[] = [
  {
    name: 'ai 6',
    specification: 'v3',
    ai: ai6,
    wrap: (stack, provider, baseURL) =>
      ai6.wrapLanguageModel({
        model:
          provider === 'anthropic'
            ? anthropicModel(baseURL)
            : createOpenAICompatible({ name: 'local', baseURL, includeUsage: true })('qwen'),
        middleware: memstackMiddleware({ stack, scope: alice }),
      }),
  },
  {
    name: 'ai 7',
    specification: 'v4',
    ai: ai7 as unknown as typeof ai6,
    wrap: (stack, provider, baseURL) =>
      ai7.wrapLanguageModel({
        model:
          provider === 'anthropic'
            ? anthropicModel(baseURL)
            : createOpenAICompatibleV3({ name: 'local', baseURL, includeUsage: true })('qwen'),
        middleware: memstackMiddleware({ stack, scope: alice }),
      }) as unknown as LanguageModelV3,
  },
];

/** The middleware over the real AI SDK providers, pointed at local servers that speak the wire formats. */
describe.each(majors)('memstack/ai-sdk on $name with @ai-sdk/anthropic and @ai-sdk/openai-compatible', (major) => {
  const { generateText, jsonSchema, stepCountIs, streamText, tool } = major.ai;
  const weather = tool({
    description: 'Weather of a city',
    inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
    execute: async ({ city }) => `${city}: 21°C`,
  });
  let stack: MemoryStack;
  let store: ReturnType<typeof sqliteStore>;
  let anthropicServer: AnthropicServer | undefined;
  let openaiServer: OpenaiServer | undefined;
  afterEach(async () => {
    await stack.close();
    await anthropicServer?.close();
    await openaiServer?.close();
    anthropicServer = undefined;
    openaiServer = undefined;
  });
  const open = (responses: string[]): void => {
    store = sqliteStore({ path: ':memory:' });
    stack = createMemoryStack({ store, extractor: llmExtractor({ model: scriptedCompletionModel(responses) }) });
  };
  const usage = (input: number, read: number) => ({
    input_tokens: input,
    output_tokens: 10,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: 5,
  });

  it('Anthropic: a generateText tool loop is one exchange, and the next streamText turn sends the pin cached', async () => {
    open([extraction('Plan a weekend in Lisbon', ['User travels with a dog']), extraction(null)]);
    anthropicServer = await startAnthropicServer([
      {
        type: 'message',
        text: '',
        content: [
          { type: 'text', text: 'Checking the forecast.' },
          { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { city: 'Lisbon' } },
        ],
        stopReason: 'tool_use',
        usage: usage(100, 0),
      },
      { type: 'message', text: 'Sunny: a good weekend.', usage: usage(150, 80) },
      { type: 'stream', deltas: ['Parque Eduardo VII ', 'allows dogs.'], usage: usage(200, 120) },
    ]);
    const model = major.wrap(stack, 'anthropic', anthropicServer.url);
    expect(model.specificationVersion).toBe(major.specification);
    const first = await generateText({
      model,
      system: 'You plan trips.',
      prompt: 'Plan my weekend in Lisbon. I travel with my dog.',
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(first.text).toBe('Sunny: a good weekend.');
    await stack.idle();
    const session = await stack.session(alice);
    expect(session.turns.map((turn) => turn.text)).toEqual([
      'Plan my weekend in Lisbon. I travel with my dog.',
      'Checking the forecast.\n\nSunny: a good weekend.',
    ]);
    const reply = session.turns[1];
    const key = (await stack.decorate({ ...alice, messages: [{ role: 'user', content: 'x' }] })).session.key;
    expect(reply && (await store.sessions.readTurn(key, reply.id))?.usage).toEqual({
      inputTokens: 250,
      outputTokens: 20,
      cacheReadInputTokens: 80,
      cacheCreationInputTokens: 10,
    });

    const streamed = streamText({
      model,
      system: 'You plan trips.',
      messages: [
        { role: 'user', content: 'Plan my weekend in Lisbon. I travel with my dog.' },
        ...first.response.messages,
        { role: 'user', content: 'Which park takes my dog?' },
      ] satisfies ModelMessage[],
    });
    expect(await streamed.text).toBe('Parque Eduardo VII allows dogs.');
    const sent = anthropicServer.requests[2]?.body as {
      system: Array<{ text: string; cache_control?: unknown }>;
      messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }>;
    };
    expect(sent.system[0]?.text).toBe('You plan trips.');
    expect(sent.system.at(-1)?.text).toContain('<pinned_task>');
    expect(sent.system.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(sent.messages.at(-1)?.content[0]?.text).toMatch(
      /^<task_recap>[\s\S]*User travels with a dog[\s\S]*Which park/,
    );
    await stack.idle();
    expect((await stack.session(alice)).turns.at(-1)?.text).toBe('Parque Eduardo VII allows dogs.');
  });

  it('OpenAI-compatible: generateText and streamText turns decorated and recorded once each', async () => {
    open([extraction('Pick a test runner', ['User uses pnpm workspaces']), extraction(null)]);
    openaiServer = await startOpenaiServer();
    openaiServer.reply(
      completionReply({
        model: 'qwen',
        text: 'Vitest suits pnpm workspaces.',
        usage: { prompt_tokens: 50, completion_tokens: 6, total_tokens: 56 },
      }),
      streamReply({
        model: 'qwen',
        deltas: ['Add a ', 'vitest.workspace.ts.'],
        usage: { placement: 'separate', value: { prompt_tokens: 80, completion_tokens: 5, total_tokens: 85 } },
      }),
    );
    const model = major.wrap(stack, 'openai-compatible', openaiServer.baseURL);
    expect(model.specificationVersion).toBe(major.specification);
    const messages = [{ role: 'user' as const, content: 'Help me pick a test runner. We use pnpm workspaces.' }];
    const first = await generateText({ model, messages });
    await stack.idle();
    const second = streamText({
      model,
      messages: [
        ...messages,
        { role: 'assistant', content: first.text },
        { role: 'user', content: 'How do I set it up for pnpm workspaces?' },
      ],
    });
    expect(await second.text).toBe('Add a vitest.workspace.ts.');
    await stack.idle();
    const sent = openaiServer.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
    expect(sent.messages[0]?.role).toBe('system');
    expect(sent.messages[0]?.content).toContain('Pick a test runner');
    expect(sent.messages.at(-1)?.content).toMatch(
      /^<task_recap>[\s\S]*User uses pnpm workspaces[\s\S]*How do I set it up/,
    );
    expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual([
      'Help me pick a test runner. We use pnpm workspaces.',
      'Vitest suits pnpm workspaces.',
      'How do I set it up for pnpm workspaces?',
      'Add a vitest.workspace.ts.',
    ]);
  });

  it('OpenAI-compatible: a streamed tool loop is one exchange, with the tool result sent and the usage of each step', async () => {
    open([extraction('Plan a weekend in Lisbon', ['User travels with a dog'])]);
    openaiServer = await startOpenaiServer();
    const chunk = (delta: unknown, finish: string | null = null) => ({
      id: 'chatcmpl-tool',
      object: 'chat.completion.chunk',
      created: 1_760_000_000,
      model: 'qwen',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage: null,
    });
    openaiServer.reply(
      {
        kind: 'stream',
        done: true,
        events: [
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '' } }],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Lisbon"}' } }] }),
          chunk({}, 'tool_calls'),
          { ...chunk({}), choices: [], usage: { prompt_tokens: 90, completion_tokens: 12, total_tokens: 102 } },
        ],
      },
      streamReply({
        model: 'qwen',
        deltas: ['Sunny: ', 'a good weekend.'],
        usage: {
          placement: 'separate',
          value: {
            prompt_tokens: 130,
            completion_tokens: 6,
            total_tokens: 136,
            prompt_tokens_details: { cached_tokens: 64 },
          },
        },
      }),
    );
    const model = major.wrap(stack, 'openai-compatible', openaiServer.baseURL);
    const streamed = streamText({
      model,
      prompt: 'Plan my weekend in Lisbon. I travel with my dog.',
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(await streamed.text).toBe('Sunny: a good weekend.');
    await stack.idle();
    const sent = openaiServer.requests[1]?.body as { messages: Array<{ role: string; content: unknown }> };
    expect(sent.messages.at(-1)).toMatchObject({ role: 'tool', content: 'Lisbon: 21°C' });
    const session = await stack.session(alice);
    expect(session.turns.map((turn) => turn.text)).toEqual([
      'Plan my weekend in Lisbon. I travel with my dog.',
      'Sunny: a good weekend.',
    ]);
    const reply = session.turns[1];
    const key = (await stack.decorate({ ...alice, messages: [{ role: 'user', content: 'x' }] })).session.key;
    expect(reply && (await store.sessions.readTurn(key, reply.id))?.usage).toEqual({
      inputTokens: 156,
      outputTokens: 18,
      cacheReadInputTokens: 64,
    });
  });
});
