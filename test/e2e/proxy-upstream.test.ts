import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStack, ModelCallError } from '../../src/index.js';
import { type RunningMemoryProxy, startMemoryProxy } from '../../src/server.js';
import { sqliteStore } from '../../src/sqlite.js';

/** A local upstream whose every request is answered by `answer` (or left hanging), and which sees each one close. */
interface Upstream {
  url: string;
  /** How many requests reached it. */
  readonly count: number;
  /** Resolves when the n-th request (from 0) has arrived. */
  arrived(index: number): Promise<void>;
  /** Resolves when the n-th request's connection has closed before its response ended (the proxy aborted it). */
  aborted(index: number): Promise<void>;
  close(): Promise<void>;
}

async function startUpstream(answer: (response: ServerResponse, request: IncomingMessage) => void): Promise<Upstream> {
  const arrivals: Array<() => void> = [];
  const arrivedAt: Array<Promise<void>> = [];
  const abortions: Array<Promise<void>> = [];
  const slot = (index: number): void => {
    while (arrivedAt.length <= index) {
      const position = arrivedAt.length;
      arrivedAt.push(new Promise<void>((resolve) => (arrivals[position] = resolve)));
    }
  };
  let count = 0;
  const server = createHttpServer((request, response) => {
    const index = count;
    count += 1;
    slot(index);
    abortions[index] = new Promise<void>((resolve) =>
      response.on('close', () => {
        if (!response.writableFinished) resolve();
      }),
    );
    request.resume();
    request.on('end', () => {
      arrivals[index]?.();
      answer(response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get count() {
      return count;
    },
    arrived: (index) => {
      slot(index);
      return arrivedAt[index] as Promise<void>;
    },
    aborted: async (index) => {
      slot(index);
      await arrivedAt[index];
      await abortions[index];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sse = (response: ServerResponse, events: Array<[string | undefined, unknown]>): void => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const [name, data] of events) {
    response.write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  }
};
const ANTHROPIC_START: Array<[string, unknown]> = [
  [
    'message_start',
    {
      type: 'message_start',
      message: { id: 'm', type: 'message', role: 'assistant', model: 'm', content: [], usage: { input_tokens: 5 } },
    },
  ],
  ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Half a' } }],
];
const OPENAI_START: Array<[undefined, unknown]> = [
  [
    undefined,
    {
      id: 'c',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { role: 'assistant', content: 'Half a' }, finish_reason: null }],
    },
  ],
];

/**
 * An upstream client whose response headers come at once (so that only the body's wait can run out), with `parts`
 * of the body, then nothing until the call is aborted.
 */
function stallingFetch(type: string, parts: string[]) {
  const abortions: Array<Promise<void>> = [];
  const call = {
    calls: 0,
    aborted: (index: number) => abortions[index] as Promise<void>,
    fetch: (async (_url: string, init: { signal: AbortSignal }) => {
      call.calls += 1;
      abortions.push(new Promise((resolve) => init.signal.addEventListener('abort', () => resolve(), { once: true })));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    }) as unknown as typeof fetch,
  };
  return call;
}

/** Where nothing listens: a connection there is refused. */
async function refusingUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Accepts each connection and resets it at once. */
async function resettingUrl(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createNetServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const scope = { agentId: 'proxy', userId: 'alice' };
const question = [{ role: 'user' as const, content: 'Help me migrate the billing service to Postgres.' }];

/** The proxy between the official SDKs and an upstream that fails: refused, reset, silent, cut off. */
describe('memstack serve: when the upstream fails', () => {
  let stack: MemoryStack;
  let proxy: RunningMemoryProxy | undefined;
  let upstream: Upstream | undefined;
  const errors: unknown[] = [];
  afterEach(async () => {
    await proxy?.close();
    await upstream?.close();
    await stack.close();
    proxy = undefined;
    upstream = undefined;
    errors.length = 0;
  });
  const start = async (
    upstreamUrl: string,
    upstreamTimeoutMs = 10_000,
    upstreamFetch?: typeof fetch,
  ): Promise<RunningMemoryProxy> => {
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    proxy = await startMemoryProxy({
      stack,
      port: 0,
      anthropicBaseUrl: upstreamUrl,
      openaiBaseUrl: upstreamUrl,
      upstreamTimeoutMs,
      onError: (error) => errors.push(error),
      ...(upstreamFetch ? { fetch: upstreamFetch } : {}),
    });
    return proxy;
  };
  // The SDKs' own fetch, counted: how many attempts a client made (its retries included).
  const counted = () => {
    const counter = {
      attempts: 0,
      fetch: (url: string | URL | Request, init?: RequestInit) => {
        counter.attempts += 1;
        return fetch(url, init);
      },
    };
    return counter;
  };
  const anthropic = (url: string, fetch?: ReturnType<typeof counted>['fetch']) =>
    new Anthropic({
      apiKey: 'k',
      baseURL: url,
      maxRetries: 1,
      defaultHeaders: { 'x-memstack-user': 'alice' },
      ...(fetch ? { fetch } : {}),
    });
  const openai = (url: string, fetch?: ReturnType<typeof counted>['fetch']) =>
    new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 1, ...(fetch ? { fetch } : {}) });

  it('answers an unreachable upstream (refused, reset, TLS) with 502 in the API’s shape, and the SDKs retry it', async () => {
    const refused = await refusingUrl();
    const reset = await resettingUrl();
    const plain = await startUpstream((response) => response.end('plain HTTP'));
    try {
      for (const [url, code] of [
        [refused, /ECONNREFUSED/],
        [reset.url, /ECONNRESET/],
        // TLS spoken to a plain HTTP server: the handshake fails.
        [plain.url.replace('http:', 'https:'), /SSL|TLS|EPROTO/],
      ] as const) {
        const server = await start(url);
        const client = counted();
        const failed = await anthropic(server.url, client.fetch)
          .messages.create({ model: 'm', max_tokens: 10, messages: question })
          .catch((error: unknown) => error);
        expect(failed).toBeInstanceOf(Anthropic.InternalServerError);
        const error = failed as InstanceType<typeof Anthropic.InternalServerError>;
        expect(error.status).toBe(502);
        expect(error.headers?.get('x-memstack')).toBe('upstream-unreachable');
        expect(error.error).toMatchObject({
          type: 'error',
          error: { type: 'api_error', message: expect.stringMatching(code) },
        });
        expect(client.attempts).toBe(2);
        const stream = counted();
        const streamed = await openai(server.url, stream.fetch)
          .chat.completions.create({ model: 'm', messages: question, user: 'alice', stream: true })
          .catch((error: unknown) => error);
        expect(streamed).toBeInstanceOf(OpenAI.InternalServerError);
        expect((streamed as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
        expect((streamed as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({ type: 'api_error' });
        expect(stream.attempts).toBe(2);
        // The operator hears of it; nothing was stored.
        expect(errors.every((reported) => ModelCallError.isInstance(reported) && reported.status === 502)).toBe(true);
        expect(errors).toHaveLength(4);
        expect((await stack.session(scope)).turns).toEqual([]);
        await server.close();
        await stack.close();
        proxy = undefined;
        errors.length = 0;
        stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
      }
    } finally {
      await reset.close();
      await plain.close();
    }
  });

  it('answers an upstream that sends no headers with 504 after the timeout, aborts it, and the SDKs retry', async () => {
    upstream = await startUpstream(() => undefined);
    const server = await start(upstream.url, 100);
    // The attempts are counted where the SDK sends them: on a busy machine the proxy's 0.1 s can end before a retry
    // reaches the upstream, which then never sees it.
    const anthropicClient = counted();
    const failed = await anthropic(server.url, anthropicClient.fetch)
      .messages.create({ model: 'm', max_tokens: 10, messages: question, stream: true })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Anthropic.InternalServerError);
    expect((failed as InstanceType<typeof Anthropic.APIError>).status).toBe(504);
    expect((failed as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: 'error',
      error: { type: 'timeout_error', message: 'memstack: the upstream sent no response headers for 0.1 s' },
    });
    expect(anthropicClient.attempts).toBe(2);
    const reachedFirst = upstream.count;
    expect(reachedFirst).toBeLessThanOrEqual(2);
    // Every call that reached the upstream was aborted.
    for (let index = 0; index < reachedFirst; index += 1) await upstream.aborted(index);
    const openaiClient = counted();
    const json = await openai(server.url, openaiClient.fetch)
      .chat.completions.create({ model: 'm', messages: question, user: 'alice' })
      .catch((error: unknown) => error);
    expect(json).toBeInstanceOf(OpenAI.InternalServerError);
    expect((json as InstanceType<typeof OpenAI.APIError>).status).toBe(504);
    expect((json as InstanceType<typeof OpenAI.APIError>).headers?.get('x-memstack')).toBe('upstream-timeout');
    expect(openaiClient.attempts).toBe(2);
    expect(upstream.count).toBeLessThanOrEqual(reachedFirst + 2);
    for (let index = reachedFirst; index < upstream.count; index += 1) await upstream.aborted(index);
    expect((await stack.session(scope)).turns).toEqual([]);
  });

  it('answers a JSON body that stalls halfway with 504 in the API’s shape, and aborts the upstream call', async () => {
    const upstreamCall = stallingFetch('application/json', [
      '{"id":"msg","type":"message","content":[{"type":"text","text":"Half',
    ]);
    const server = await start('http://upstream.test', 100, upstreamCall.fetch);
    const failed = await anthropic(server.url)
      .messages.create({ model: 'm', max_tokens: 10, messages: question })
      .catch((error: unknown) => error);
    expect((failed as InstanceType<typeof Anthropic.APIError>).status).toBe(504);
    expect((failed as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      error: { type: 'timeout_error', message: 'memstack: the upstream sent nothing for 0.1 s' },
    });
    expect(upstreamCall.calls).toBe(2);
    await upstreamCall.aborted(1);
    expect((await stack.session(scope)).turns).toEqual([]);
  });

  it('ends a stream that stalls with the API’s error event, which each SDK raises; aborts the upstream, records nothing', async () => {
    const frame = (events: Array<[string | undefined, unknown]>) =>
      events.map(([name, data]) => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    const anthropicCall = stallingFetch('text/event-stream', frame(ANTHROPIC_START));
    const server = await start('http://upstream.test', 100, anthropicCall.fetch);
    const stream = anthropic(server.url).messages.stream({ model: 'm', max_tokens: 10, messages: question });
    const texts: string[] = [];
    stream.on('text', (text) => texts.push(text));
    const failed = await stream.finalMessage().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Anthropic.APIError);
    expect((failed as InstanceType<typeof Anthropic.APIError>).error).toEqual({
      type: 'error',
      error: { type: 'timeout_error', message: 'memstack: the upstream sent nothing for 0.1 s' },
    });
    // What came before the stall reached the client as it came; a stream is not retried once it has begun.
    expect(texts).toEqual(['Half a']);
    expect(anthropicCall.calls).toBe(1);
    await anthropicCall.aborted(0);
    await server.close();
    await stack.close();

    const openaiCall = stallingFetch('text/event-stream', frame(OPENAI_START));
    const second = await start('http://upstream.test', 100, openaiCall.fetch);
    const chunks: string[] = [];
    const failedOpenai = await (async () => {
      const completion = await openai(second.url).chat.completions.create({
        model: 'm',
        messages: question,
        user: 'alice',
        stream: true,
      });
      for await (const chunk of completion) chunks.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((error: unknown) => error);
    expect(failedOpenai).toBeInstanceOf(OpenAI.APIError);
    expect((failedOpenai as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({ type: 'timeout_error' });
    expect(chunks).toEqual(['Half a']);
    await openaiCall.aborted(0);
    await second.idle();
    expect((await stack.session(scope)).turns).toEqual([]);
    expect(errors.map((error) => (error as ModelCallError).code)).toEqual(['MODEL_TIMEOUT', 'MODEL_TIMEOUT']);
  });

  it('ends a stream the upstream cuts off with the API’s error event, after the last whole event', async () => {
    upstream = await startUpstream((response) => {
      sse(response, ANTHROPIC_START);
      // Half an event, then the connection dies.
      response.write('event: content_block_delta\ndata: {"type":"content_bl');
      setImmediate(() => response.socket?.destroy());
    });
    const server = await start(upstream.url);
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'x-memstack-user': 'alice' },
      body: JSON.stringify({ model: 'm', max_tokens: 10, stream: true, messages: question }),
    });
    const text = await response.text();
    expect(text).toMatch(/"text":"Half a"\}\}\n\nevent: error\ndata: \{"type":"error","error":\{"type":"api_error"/);
    expect(text).not.toMatch(/content_bl(?!ock)/);
    expect(text.endsWith('\n\n')).toBe(true);
    await server.idle();
    expect((await stack.session(scope)).turns).toEqual([]);
  });

  it('aborts the upstream call when the client goes away, before the headers or mid-stream', async () => {
    upstream = await startUpstream((response, request) => {
      if (request.url?.includes('stream')) sse(response, ANTHROPIC_START);
    });
    const server = await start(upstream.url);
    const post = (path: string, signal: AbortSignal) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'x-memstack-user': 'alice' },
        body: JSON.stringify({ model: 'm', max_tokens: 10, stream: true, messages: question }),
        signal,
      });
    const before = new AbortController();
    const waiting = post('/v1/messages', before.signal).catch((error: unknown) => error);
    await upstream.arrived(0);
    before.abort();
    expect(await waiting).toBeInstanceOf(Error);
    await upstream.aborted(0);

    const during = new AbortController();
    const response = await post('/v1/messages?stream', during.signal);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    during.abort();
    await upstream.aborted(1);
    await server.idle();
    expect((await stack.session(scope)).turns).toEqual([]);
    // A client that left is not an upstream failure.
    expect(errors).toEqual([]);
  });

  it('passes through other routes with the same bounds: 502 and 504 in the API’s shape', async () => {
    const refused = await start(await refusingUrl());
    const counts = await anthropic(refused.url)
      .messages.countTokens({ model: 'm', messages: question })
      .catch((error: unknown) => error);
    expect((counts as InstanceType<typeof Anthropic.APIError>).status).toBe(502);
    expect((counts as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ type: 'error' });
    await refused.close();
    await stack.close();
    upstream = await startUpstream(() => undefined);
    const hung = await start(upstream.url, 100);
    const models = await openai(hung.url)
      .models.list()
      .catch((error: unknown) => error);
    expect(models).toBeInstanceOf(OpenAI.InternalServerError);
    expect((models as InstanceType<typeof OpenAI.APIError>).status).toBe(504);
    expect((models as InstanceType<typeof OpenAI.APIError>).headers?.get('x-memstack')).toBe('upstream-timeout');
    expect(upstream.count).toBe(2);
    await upstream.aborted(1);
  });
});
