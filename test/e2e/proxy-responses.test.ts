import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStack, llmExtractor, type MemoryStack } from '../../src/index.js';
import { type RunningMemoryProxy, startMemoryProxy } from '../../src/server.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { extractionReply as extraction } from '../support/extraction-reply.js';
import {
  completionReply,
  cutStreamReply,
  type OpenaiServer,
  type ScriptedReply,
  startOpenaiServer,
} from '../support/openai-server.js';
import { responsesReply, responsesStreamReply } from '../support/responses-replies.js';

const alice = { agentId: 'proxy', userId: 'alice' };

/** An Anthropic Messages reply, JSON or as its stream of named events (`cut`: the socket dies before the end). */
function anthropicReply(text: string, stream: boolean, cut = false): ScriptedReply {
  const message = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 2 },
  };
  if (!stream) return { kind: 'json', status: 200, body: message };
  const events = [
    { type: 'message_start', message: { ...message, content: [], stop_reason: null } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    ...(cut
      ? []
      : [
          { type: 'content_block_stop', index: 0 },
          { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } },
          { type: 'message_stop' },
        ]),
  ];
  return { kind: 'stream', events, done: false, named: true, ...(cut ? { cut: 'destroy' as const } : {}) };
}

/** Each wire format as a client sends it through the proxy with its official SDK, and as its upstream answers. */
const FORMATS = [
  {
    name: 'anthropic',
    reply: (text: string) => anthropicReply(text, false),
    streamCut: () => anthropicReply('Half', true, true),
    call: async (url: string, text: string, stream = false) => {
      const client = new Anthropic({
        apiKey: 'k',
        baseURL: url,
        maxRetries: 0,
        defaultHeaders: { 'x-memstack-user': 'alice' },
      });
      const body = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user' as const, content: text }] };
      if (!stream) return (await client.messages.create(body)).content;
      for await (const _ of await client.messages.create({ ...body, stream: true })) {
        // Read to the end (or the error).
      }
      return undefined;
    },
    errorShape: (type: string) => ({ type: 'error', error: { type, message: expect.any(String) } }),
  },
  {
    name: 'openai',
    reply: (text: string) => completionReply({ model: 'gpt-test', text }),
    streamCut: () => cutStreamReply({ model: 'gpt-test', deltas: ['Half'], cut: 'destroy' }),
    call: async (url: string, text: string, stream = false) => {
      const client = new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 });
      const body = { model: 'gpt-test', user: 'alice', messages: [{ role: 'user' as const, content: text }] };
      if (!stream) return (await client.chat.completions.create(body)).choices;
      for await (const _ of await client.chat.completions.create({ ...body, stream: true })) {
        // Read to the end (or the error).
      }
      return undefined;
    },
    errorShape: (type: string) => ({ error: { type, message: expect.any(String), param: null, code: null } }),
  },
  {
    name: 'openai-responses',
    reply: (text: string) => responsesReply({ model: 'gpt-test', text }),
    streamCut: () => responsesStreamReply({ model: 'gpt-test', deltas: ['Half'], cut: 'destroy' }),
    call: async (url: string, text: string, stream = false) => {
      const client = new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 });
      const body = { model: 'gpt-test', safety_identifier: 'alice', input: text };
      if (!stream) return (await client.responses.create(body)).output;
      for await (const _ of await client.responses.create({ ...body, stream: true })) {
        // Read to the end (or the error).
      }
      return undefined;
    },
    errorShape: (type: string) => ({ error: { type, message: expect.any(String), param: null, code: null } }),
  },
] as const;

describe('memstack serve: the Responses API (POST /v1/responses)', () => {
  let stack: MemoryStack;
  let proxy: RunningMemoryProxy | undefined;
  let upstream: OpenaiServer | undefined;
  const errors: unknown[] = [];
  afterEach(async () => {
    await proxy?.close();
    await upstream?.close();
    await stack.close();
    proxy = undefined;
    upstream = undefined;
    errors.length = 0;
  });
  const start = async (replies: string[] = [], upstreamTimeoutMs?: number): Promise<RunningMemoryProxy> => {
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: scriptedCompletionModel(replies) }),
    });
    upstream = await startOpenaiServer();
    const base = upstream.baseURL.replace(/\/v1$/, '');
    proxy = await startMemoryProxy({
      stack,
      port: 0,
      anthropicBaseUrl: base,
      openaiBaseUrl: base,
      onError: (error) => errors.push(error),
      ...(upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs }),
    });
    return proxy;
  };

  it('openai SDK: JSON, then previous_response_id streamed; memory on the new input, both exchanges stored', async () => {
    const running = await start([
      extraction('Plan a weekend in Lisbon', ['User travels with a dog']),
      extraction(null),
      extraction(null),
    ]);
    const server = upstream as OpenaiServer;
    const usage = { input_tokens: 120, output_tokens: 12, cached_tokens: 100 };
    server.reply(
      responsesReply({ model: 'gpt-test', id: 'resp_1', text: 'Alfama, and a park for the dog.', usage }),
      responsesStreamReply({ model: 'gpt-test', id: 'resp_2', deltas: ['Parque ', 'Eduardo VII.'], usage }),
    );
    const client = new OpenAI({
      apiKey: 'client-key',
      baseURL: `${running.url}/v1`,
      maxRetries: 0,
      defaultHeaders: { 'x-memstack-user': 'alice' },
    });
    const { data: first, response } = await client.responses
      .create({
        model: 'gpt-test',
        instructions: 'Answer briefly.',
        input: 'Plan my weekend in Lisbon. I travel with my dog.',
      })
      .withResponse();
    expect(response.headers.get('x-memstack')).toBe('decorated; identity=headers');
    expect(first.output_text).toBe('Alfama, and a park for the dog.');
    // Acknowledged means stored (decision 25): the end of the response waited for the record.
    expect((await stack.session(alice)).turns).toHaveLength(2);
    await running.idle();

    const stream = await client.responses.create({
      model: 'gpt-test',
      instructions: 'Answer briefly.',
      previous_response_id: first.id,
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Which park can the dog run in?' }] }],
      stream: true,
    });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe('Parque Eduardo VII.');
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    // `response.completed` was held back until the exchange was stored.
    expect((await stack.session(alice)).turns).toHaveLength(4);
    await running.idle();

    const sent = server.requests[1]?.body as {
      instructions: string;
      previous_response_id: string;
      input: Array<{ content: Array<{ text: string }> }>;
    };
    expect(server.requests[1]?.path).toBe('/v1/responses');
    expect(server.requests[1]?.headers.authorization).toBe('Bearer client-key');
    expect(sent.previous_response_id).toBe('resp_1');
    expect(sent.instructions).toMatch(/^Answer briefly\.\n\n[\s\S]*Plan a weekend in Lisbon/);
    expect(sent.input[0]?.content[0]?.text).toMatch(/^<task_recap>[\s\S]*User travels with a dog[\s\S]*dog run in\?$/);
    expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual([
      'Plan my weekend in Lisbon. I travel with my dog.',
      'Alfama, and a park for the dog.',
      'Which park can the dog run in?',
      'Parque Eduardo VII.',
    ]);
    expect(errors).toEqual([]);
  });

  it('reads the identity from `user`, else `safety_identifier`; a blank one is none, and passes through', async () => {
    const running = await start([extraction(null), extraction(null)]);
    const server = upstream as OpenaiServer;
    server.reply(...['One.', 'Two.', 'Three.'].map((text) => responsesReply({ model: 'gpt-test', text })));
    const client = new OpenAI({ apiKey: 'k', baseURL: `${running.url}/v1`, maxRetries: 0 });
    const statuses: Array<string | null> = [];
    for (const fields of [{ user: 'bob' }, { safety_identifier: 'carol' }, { user: ' ', safety_identifier: 'carol' }]) {
      const { response } = await client.responses.create({ model: 'm', input: 'hello', ...fields }).withResponse();
      statuses.push(response.headers.get('x-memstack'));
      await running.idle();
    }
    expect(statuses).toEqual(['decorated; identity=body', 'decorated; identity=body', 'no-identity']);
    expect((await stack.session({ agentId: 'proxy', userId: 'bob' })).turns).toHaveLength(2);
    expect((await stack.session({ agentId: 'proxy', userId: 'carol' })).turns).toHaveLength(2);
  });

  for (const format of FORMATS) {
    it(`${format.name}: a repeated request is one turn; errors in the API's shape (timeout, a cut stream)`, async () => {
      const running = await start([extraction(null)], 2_000);
      const server = upstream as OpenaiServer;
      server.reply(format.reply('Noted.'), format.reply('Noted.'), { kind: 'hang' }, format.streamCut());
      // The same request twice (a client's retry): stored once.
      await format.call(running.url, 'I live in Lisbon.');
      await running.idle();
      await format.call(running.url, 'I live in Lisbon.');
      await running.idle();
      expect((await stack.session(alice)).turns.map((turn) => turn.text)).toEqual(['I live in Lisbon.', 'Noted.']);

      // An upstream that never answers: 504 in the API's own shape, with x-memstack.
      const route = { anthropic: '/v1/messages', openai: '/v1/chat/completions', 'openai-responses': '/v1/responses' }[
        format.name
      ];
      const body =
        format.name === 'openai-responses'
          ? { model: 'm', input: 'Still there?' }
          : { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'Still there?' }] };
      const timedOut = await fetch(`${running.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-memstack-user': 'alice', 'x-api-key': 'k' },
        body: JSON.stringify(body),
      });
      expect(timedOut.status).toBe(504);
      expect(timedOut.headers.get('x-memstack')).toBe('upstream-timeout');
      expect(await timedOut.json()).toEqual(format.errorShape('timeout_error'));

      // A stream the upstream cuts: the client's SDK raises the proxy's error event; nothing is stored.
      const cut = await format.call(running.url, 'Tell me more.', true).catch((error: unknown) => error);
      expect(cut).toBeInstanceOf(format.name === 'anthropic' ? Anthropic.APIError : OpenAI.APIError);
      await running.idle();
      expect((await stack.session(alice)).turns).toHaveLength(2);
    });
  }
});
