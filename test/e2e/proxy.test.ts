import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, createMemoryStack, llmExtractor, type MemoryStack } from '../../src/index.js';
import { type RunningMemoryProxy, startMemoryProxy } from '../../src/server.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server.js';
import { extractionReply as extraction } from '../support/extraction-reply.js';
import {
  completionReply,
  errorReply,
  type OpenaiServer,
  startOpenaiServer,
  streamReply,
} from '../support/openai-server.js';

/** The proxy between the official clients and a local upstream that speaks the real wire format. */
describe('memstack serve: the memory proxy', () => {
  let stack: MemoryStack;
  let proxy: RunningMemoryProxy | undefined;
  let anthropicUpstream: AnthropicServer | undefined;
  let openaiUpstream: OpenaiServer | undefined;
  afterEach(async () => {
    await proxy?.close();
    await anthropicUpstream?.close();
    await openaiUpstream?.close();
    proxy = undefined;
    anthropicUpstream = undefined;
    openaiUpstream = undefined;
    await stack.close();
  });
  const open = (responses: string[]): void => {
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: scriptedCompletionModel(responses) }),
    });
  };

  it('@anthropic-ai/sdk through the proxy: JSON then streamed turns, pin and recap upstream, the key forwarded', async () => {
    open([extraction('Migrate the billing service to Postgres', ['User deploys on Fly.io']), extraction(null)]);
    anthropicUpstream = await startAnthropicServer([
      { type: 'message', text: 'Which Postgres version?' },
      { type: 'stream', deltas: ['Postgres 16 ', 'it is.'] },
    ]);
    proxy = await startMemoryProxy({ stack, port: 0, anthropicBaseUrl: anthropicUpstream.url });
    const client = new Anthropic({
      apiKey: 'client-key',
      baseURL: proxy.url,
      maxRetries: 0,
      defaultHeaders: { 'x-memstack-user': 'alice', 'x-memstack-agent': 'billing' },
    });
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Help me migrate the billing service to Postgres. We deploy on Fly.io.' },
    ];
    const { data: first, response } = await client.messages
      .create({ model: 'claude-test', max_tokens: 100, system: 'You are careful.', messages })
      .withResponse();
    expect(response.headers.get('x-memstack')).toBe('decorated; identity=headers');
    expect(first.content).toEqual([{ type: 'text', text: 'Which Postgres version?' }]);
    await proxy.idle();
    messages.push({ role: 'assistant', content: first.content }, { role: 'user', content: 'Version 16, on Fly.io.' });
    const stream = client.messages.stream({
      model: 'claude-test',
      max_tokens: 100,
      system: 'You are careful.',
      messages,
    });
    expect(await stream.finalText()).toBe('Postgres 16 it is.');
    await proxy.idle();

    const upstream = anthropicUpstream.requests;
    // The client's own key, in the header its SDK uses (this SDK version sends a bearer token).
    const key = upstream[0]?.headers['x-api-key'] ?? upstream[0]?.headers.authorization;
    expect(key).toMatch(/^(Bearer )?client-key$/);
    expect(upstream[0]?.headers['x-memstack-user']).toBeUndefined();
    const sent = upstream[1]?.body as {
      system: Array<{ text: string; cache_control?: unknown }>;
      messages: Array<{ content: unknown }>;
    };
    expect(sent.system[0]?.text).toBe('You are careful.');
    expect(sent.system.at(-1)?.text).toContain('Migrate the billing service to Postgres');
    expect(sent.system.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(JSON.stringify(sent.messages.at(-1)?.content)).toMatch(/task_recap.*User deploys on Fly\.io.*Version 16/);
    const session = await stack.session({ agentId: 'billing', userId: 'alice' });
    expect(session.turns.map((turn) => turn.text)).toEqual([
      'Help me migrate the billing service to Postgres. We deploy on Fly.io.',
      'Which Postgres version?',
      'Version 16, on Fly.io.',
      'Postgres 16 it is.',
    ]);
  });

  it('openai through the proxy: identity from `user`, streamed with usage, upstream errors with their status', async () => {
    open([extraction('Pick a test runner', ['User uses pnpm workspaces']), extraction(null)]);
    openaiUpstream = await startOpenaiServer();
    openaiUpstream.reply(
      completionReply({ model: 'gpt-test', text: 'Vitest.' }),
      streamReply({
        model: 'gpt-test',
        deltas: ['Add a ', 'workspace file.'],
        usage: { placement: 'separate', value: { prompt_tokens: 90, completion_tokens: 4, total_tokens: 94 } },
      }),
      errorReply(429, { message: 'slow down', type: 'rate_limit_error' }, { 'x-should-retry': 'false' }),
    );
    proxy = await startMemoryProxy({
      stack,
      port: 0,
      openaiBaseUrl: openaiUpstream.baseURL.replace(/\/v1$/, ''),
      agentId: 'coder',
    });
    const client = new OpenAI({ apiKey: 'client-key', baseURL: `${proxy.url}/v1`, maxRetries: 0 });
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Which test runner for pnpm workspaces?' },
    ];
    const first = await client.chat.completions.create({ model: 'gpt-test', messages, user: 'bob' });
    await proxy.idle();
    messages.push(
      { role: 'assistant', content: first.choices[0]?.message.content ?? '' },
      { role: 'user', content: 'How do I set it up for pnpm workspaces?' },
    );
    const stream = await client.chat.completions.create({
      model: 'gpt-test',
      messages,
      user: 'bob',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Add a workspace file.');
    await proxy.idle();
    const sent = openaiUpstream.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(sent.messages[1]?.content).toContain('Pick a test runner');
    expect(sent.messages.at(-1)?.content).toMatch(
      /^<task_recap>[\s\S]*User uses pnpm workspaces[\s\S]*How do I set it up/,
    );
    expect(openaiUpstream.requests[0]?.headers.authorization).toBe('Bearer client-key');
    expect((await stack.session({ agentId: 'coder', userId: 'bob' })).turns.map((turn) => turn.text)).toEqual([
      'Which test runner for pnpm workspaces?',
      'Vitest.',
      'How do I set it up for pnpm workspaces?',
      'Add a workspace file.',
    ]);
    const failed = await client.chat.completions
      .create({ model: 'gpt-test', messages: [{ role: 'user', content: 'again?' }], user: 'bob' })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OpenAI.APIError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBe(429);
    expect((await stack.session({ agentId: 'coder', userId: 'bob' })).turns).toHaveLength(4);
  });

  it('holds back the end of a response until its exchange is stored, in order per conversation; close waits for a record', async () => {
    open([extraction('Migrate the billing service to Postgres'), extraction(null), extraction(null)]);
    const log: string[] = [];
    // Each record waits for the test to let it go: the client must not get the end of its response before it.
    const gates: Array<() => void> = [];
    const entered: Array<() => void> = [];
    const entries = [0, 1, 2].map((index) => new Promise<void>((resolve) => (entered[index] = resolve)));
    let records = 0;
    const gatedStack: MemoryStack = {
      ...stack,
      decorate: ((input: { messages: unknown[] }) => {
        log.push(`decorate ${input.messages.length}`);
        return stack.decorate(input as never);
      }) as unknown as MemoryStack['decorate'],
      record: (async (turn: Parameters<MemoryStack['record']>[0], reply: Parameters<MemoryStack['record']>[1]) => {
        const index = records;
        records += 1;
        await new Promise<void>((resolve) => {
          gates[index] = resolve;
          entered[index]?.();
        });
        const recorded = await stack.record(turn, reply);
        log.push(`stored ${index + 1}`);
        return recorded;
      }) as MemoryStack['record'],
    };
    anthropicUpstream = await startAnthropicServer([
      { type: 'message', text: 'Which Postgres version?' },
      { type: 'stream', deltas: ['Postgres 16 ', 'it is.'] },
      { type: 'stream', deltas: ['Done.'] },
    ]);
    proxy = await startMemoryProxy({ stack: gatedStack, port: 0, anthropicBaseUrl: anthropicUpstream.url });
    const client = new Anthropic({
      apiKey: 'k',
      baseURL: proxy.url,
      maxRetries: 0,
      defaultHeaders: { 'x-memstack-user': 'alice' },
    });
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Help me migrate the billing service to Postgres.' },
    ];
    // A JSON reply: the whole response waits for the record.
    const first = client.messages.create({ model: 'claude-test', max_tokens: 50, messages }).then((message) => {
      log.push('answered 1');
      return message;
    });
    await entries[0];
    // The next turn of the conversation, sent at once (not waiting for the answer), is decorated after the record.
    const next = [
      ...messages,
      { role: 'assistant' as const, content: 'Which Postgres version?' },
      { role: 'user' as const, content: 'Version 16.' },
    ];
    const streamed = fetch(`${proxy.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'x-memstack-user': 'alice' },
      body: JSON.stringify({ model: 'claude-test', max_tokens: 50, stream: true, messages: next }),
    });
    // Gives a proxy that would decorate the second turn before the first is stored the chance to do it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    gates[0]?.();
    expect((await first).content).toEqual([{ type: 'text', text: 'Which Postgres version?' }]);

    // A stream: every event before the last passes as it comes; message_stop only once the exchange is stored.
    const response = await streamed;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('event: message_delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended early: ${received}`);
      received += decoder.decode(value, { stream: true });
    }
    await entries[1];
    expect(received).toContain('Postgres 16 ');
    expect(received).not.toContain('message_stop');
    gates[1]?.();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      received += decoder.decode(chunk.value, { stream: true });
    }
    log.push('answered 2');
    expect(received).toMatch(/event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/);
    // The first answer and the second turn's decorate both wait for the first record, in either order.
    expect(log.slice(0, 2)).toEqual(['decorate 1', 'stored 1']);
    expect(log.slice(2, 4).sort()).toEqual(['answered 1', 'decorate 3']);
    expect(log.slice(4)).toEqual(['stored 2', 'answered 2']);

    // close() drops the connection of a response held back, and waits for its record.
    next.push({ role: 'assistant', content: 'Postgres 16 it is.' }, { role: 'user', content: 'Thanks.' });
    const third = client.messages
      .stream({ model: 'claude-test', max_tokens: 50, messages: next })
      .finalText()
      .catch((error: unknown) => error);
    await entries[2];
    const closing = proxy.close();
    proxy = undefined;
    expect(await third).toBeInstanceOf(Anthropic.AnthropicError);
    gates[2]?.();
    await closing;
    expect((await stack.session({ agentId: 'proxy', userId: 'alice' })).turns.map((turn) => turn.text)).toEqual([
      'Help me migrate the billing service to Postgres.',
      'Which Postgres version?',
      'Version 16.',
      'Postgres 16 it is.',
      'Thanks.',
      'Done.',
    ]);
  });

  it('reports a failed record and still answers; passes structured-output requests (titles) through', async () => {
    open([]);
    const failures: unknown[] = [];
    const failingStack: MemoryStack = {
      ...stack,
      record: (async () => {
        throw new Error('disk full');
      }) as MemoryStack['record'],
    };
    anthropicUpstream = await startAnthropicServer([
      { type: 'stream', deltas: ['Hello.'] },
      { type: 'stream', deltas: ['{"title":"Billing migration"}'] },
      { type: 'message', text: 'Hello again.' },
    ]);
    proxy = await startMemoryProxy({
      stack: failingStack,
      port: 0,
      anthropicBaseUrl: anthropicUpstream.url,
      onError: (error) => failures.push(error),
    });
    const client = new Anthropic({
      apiKey: 'k',
      baseURL: proxy.url,
      maxRetries: 0,
      defaultHeaders: { 'x-memstack-user': 'alice' },
    });
    const hello = [{ role: 'user' as const, content: 'Hello there.' }];
    expect(await client.messages.stream({ model: 'claude-test', max_tokens: 50, messages: hello }).finalText()).toBe(
      'Hello.',
    );
    await proxy.idle();
    expect(failures).toEqual([new Error('disk full')]);
    // Claude Code names a session with a structured-output call: data, not a turn to remember or to decorate.
    const title = {
      model: 'claude-test',
      max_tokens: 50,
      stream: true,
      messages: [{ role: 'user', content: '<session>\nHello there.\n</session>' }],
      output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
    };
    const response = await fetch(`${proxy.url}/v1/messages?beta=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'x-memstack-user': 'alice' },
      body: JSON.stringify(title),
    });
    expect(response.headers.get('x-memstack')).toBe('structured-output');
    expect(await response.text()).toContain('Billing migration');
    expect(anthropicUpstream.requests[1]).toMatchObject({ path: '/v1/messages?beta=true', body: title });
    expect(anthropicUpstream.requests[0]?.path).toBe('/v1/messages');
    expect(failures).toHaveLength(1);
    // A JSON reply's headers wait for the record: they say it failed.
    const { data, response: json } = await client.messages
      .create({ model: 'claude-test', max_tokens: 50, messages: hello })
      .withResponse();
    expect(data.content).toEqual([{ type: 'text', text: 'Hello again.' }]);
    expect(json.headers.get('x-memstack')).toBe('decorated; identity=headers; record-failed');
    expect(failures).toHaveLength(2);
  });

  it('passes a request without identity through without memory, and says so', async () => {
    open([]);
    anthropicUpstream = await startAnthropicServer([{ type: 'message', text: 'Hi.' }]);
    proxy = await startMemoryProxy({ stack, port: 0, anthropicBaseUrl: anthropicUpstream.url });
    const client = new Anthropic({ apiKey: 'k', baseURL: proxy.url, maxRetries: 0 });
    const body = { model: 'claude-test', max_tokens: 10, messages: [{ role: 'user' as const, content: 'Hello' }] };
    const { response } = await client.messages.create(body).withResponse();
    expect(response.headers.get('x-memstack')).toBe('no-identity');
    expect(anthropicUpstream.requests[0]?.body).toEqual(body);
  });

  it('refuses to listen beyond loopback without a token, and checks the token on every request', async () => {
    open([]);
    await expect(startMemoryProxy({ stack, port: 0, host: '0.0.0.0' })).rejects.toThrow(ConfigError);
    anthropicUpstream = await startAnthropicServer([{ type: 'message', text: 'ok' }]);
    proxy = await startMemoryProxy({
      stack,
      port: 0,
      token: 'a-long-proxy-token-0123',
      anthropicBaseUrl: anthropicUpstream.url,
      maxBodyBytes: 10_000,
    });
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${proxy?.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    expect((await post({}, '{}')).status).toBe(401);
    expect((await post({ 'x-memstack-token': 'wrong' }, '{}')).status).toBe(401);
    expect((await post({ 'x-memstack-token': 'a-long-proxy-token-0123' }, 'x'.repeat(20_000))).status).toBe(413);
    const passed = await post(
      { 'x-memstack-token': 'a-long-proxy-token-0123', 'x-api-key': 'k' },
      JSON.stringify({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(passed.status).toBe(200);
    expect(anthropicUpstream.requests[0]?.headers['x-memstack-token']).toBeUndefined();
  });
});
