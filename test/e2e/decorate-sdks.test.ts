import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { fromAnthropicUsage } from '../../src/anthropic.js';
import { createMemoryStack, llmExtractor, type MemoryStack } from '../../src/index.js';
import { fromOpenaiCompatibleUsage } from '../../src/openai-compatible.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server.js';
import { extractionReply as extraction } from '../support/extraction-reply.js';
import { completionReply, type OpenaiServer, startOpenaiServer } from '../support/openai-server.js';

const alice = { agentId: 'planner', userId: 'alice' };

/** The official clients, their requests decorated by memstack, against local servers speaking the wire formats. */
describe('decorate with the real SDK clients', () => {
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

  it('@anthropic-ai/sdk: a tool loop is one stored exchange, and the next turn carries the pin and the facts', async () => {
    open([extraction('Plan a weekend in Lisbon', ['User travels with a dog']), extraction(null)]);
    const usage = (input: number, read: number) => ({
      input_tokens: input,
      output_tokens: 10,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: 0,
    });
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
      { type: 'message', text: 'Sunny, 21°C: a good weekend for the Alfama.', usage: usage(140, 90) },
      { type: 'message', text: 'Parque Eduardo VII allows dogs.', usage: usage(200, 150) },
    ]);
    const anthropic = new Anthropic({ apiKey: 'k', baseURL: anthropicServer.url, maxRetries: 0 });
    const tools: Anthropic.Tool[] = [
      { name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: {} } },
    ];
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Plan my weekend in Lisbon. I travel with my dog.' },
    ];
    const turn = async (): Promise<Anthropic.Message> => {
      const decorated = await stack.decorate({ ...alice, system: 'You plan trips.', messages, tools });
      const message = await anthropic.messages.create({
        model: 'claude-test',
        max_tokens: 256,
        tools,
        ...decorated.request,
      });
      await stack.record(decorated, { text: '', content: message.content, usage: fromAnthropicUsage(message.usage) });
      messages.push({ role: 'assistant', content: message.content });
      return message;
    };
    const first = await turn();
    expect(first.stop_reason).toBe('tool_use');
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '21°C' }] });
    await turn();
    await stack.idle();
    const session = await stack.session(alice);
    expect(session.turns.map((stored) => stored.text)).toEqual([
      'Plan my weekend in Lisbon. I travel with my dog.',
      'Checking the forecast.\n\nSunny, 21°C: a good weekend for the Alfama.',
    ]);
    const reply = session.turns[1];
    const detail = reply
      ? await store.sessions.readTurn((await stack.decorate({ ...alice, messages })).session.key, reply.id)
      : null;
    expect(detail?.usage).toEqual({
      inputTokens: 240,
      outputTokens: 20,
      cacheReadInputTokens: 90,
      cacheCreationInputTokens: 0,
    });

    messages.push({ role: 'user', content: 'Any park for the dog?' });
    await turn();
    const sent = anthropicServer.requests[2]?.body as {
      system: Array<{ text: string; cache_control?: unknown }>;
      messages: Array<{ content: unknown }>;
    };
    expect(sent.system.at(-1)?.text).toContain('Plan a weekend in Lisbon');
    expect(sent.system.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(JSON.stringify(sent.messages.at(-1)?.content)).toContain('User travels with a dog');
    // The tool call and its result went upstream as the client wrote them.
    expect(sent.messages[1]?.content).toEqual(JSON.parse(JSON.stringify(first.content)));
    expect(sent.messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_01', content: '21°C' }]);
  });

  it('openai: chat messages decorated, the reply recorded with the mapped usage', async () => {
    open([extraction('Pick a test runner for the monorepo', ['User uses pnpm workspaces']), extraction(null)]);
    openaiServer = await startOpenaiServer();
    const usage = {
      prompt_tokens: 120,
      completion_tokens: 12,
      total_tokens: 132,
      prompt_tokens_details: { cached_tokens: 100 },
    };
    openaiServer.reply(
      completionReply({ model: 'gpt-test', text: 'Vitest fits pnpm workspaces well.', usage }),
      completionReply({ model: 'gpt-test', text: 'Use vitest.workspace.ts.', usage }),
    );
    const openai = new OpenAI({ apiKey: 'k', baseURL: openaiServer.baseURL, maxRetries: 0 });
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'developer', content: 'Answer briefly.' },
      { role: 'user', content: 'Which test runner for our monorepo? We use pnpm workspaces.' },
    ];
    for (const next of ['How do I configure it for pnpm workspaces?']) {
      const decorated = await stack.decorate({ ...alice, format: 'openai', messages });
      const completion = await openai.chat.completions.create({
        model: 'gpt-test',
        messages: decorated.request.messages,
      });
      const text = completion.choices[0]?.message.content ?? '';
      const recorded = await stack.record(decorated, {
        text,
        usage: completion.usage ? fromOpenaiCompatibleUsage(completion.usage) : undefined,
      });
      expect(recorded.toolStep).toBe(false);
      await stack.idle();
      messages.push({ role: 'assistant', content: text }, { role: 'user', content: next });
    }
    const decorated = await stack.decorate({ ...alice, format: 'openai', messages });
    await openai.chat.completions.create({ model: 'gpt-test', messages: decorated.request.messages });
    const sent = openaiServer.requests[1]?.body as { messages: Array<{ role: string; content: unknown }> };
    expect(sent.messages[0]).toEqual({ role: 'developer', content: 'Answer briefly.' });
    expect(sent.messages[1]?.role).toBe('developer');
    expect(String(sent.messages[1]?.content)).toContain('Pick a test runner for the monorepo');
    expect(String(sent.messages.at(-1)?.content)).toMatch(
      /^<task_recap>[\s\S]*User uses pnpm workspaces[\s\S]*How do I configure it for pnpm workspaces\?$/,
    );
  });
});
