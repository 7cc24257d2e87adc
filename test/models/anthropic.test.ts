import { OverloadedError } from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ChatRequest,
  createMemoryStack,
  llmExtractor,
  type MemoryStack,
  ModelCallError,
  type PreparedTurn,
} from '../../src/index.js';
import { type AnthropicModelOptions, anthropicModel } from '../../src/models/anthropic/anthropic-model.js';
import { sqliteStore } from '../../src/sqlite.js';
import { type AnthropicReply, type AnthropicServer, startAnthropicServer } from '../support/anthropic-server.js';

const SYSTEM_PROMPT = 'You are a careful coding assistant.';
const TASK = 'Migrate the React app from CRA to Vite; keep the Jest tests and use pnpm.';
const scope = { agentId: 'coder', userId: 'alice', channelId: 'dm', threadId: 'vite' };
const API_KEY = 'sk-ant-test-key';

let server: AnthropicServer | undefined;
let stack: MemoryStack | undefined;
afterEach(async () => {
  await stack?.close();
  await server?.close();
  stack = undefined;
  server = undefined;
});

async function serve(replies: AnthropicReply[]): Promise<AnthropicServer> {
  server = await startAnthropicServer(replies);
  return server;
}

function modelOn(target: AnthropicServer, options: Partial<AnthropicModelOptions> = {}) {
  return anthropicModel({ model: 'claude-test-1', apiKey: API_KEY, baseURL: target.url, ...options });
}

/** A real memstack turn: two recorded exchanges (the first pins the task), a stored fact, then a third message. */
async function preparedThirdTurn(): Promise<PreparedTurn> {
  stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), systemPrompt: SYSTEM_PROMPT });
  const first = await stack.prepare({ ...scope, text: TASK });
  await stack.record(first, { text: 'Sure. Which Node version do you run in CI?' });
  await stack.idle();
  const second = await stack.prepare({ ...scope, text: 'Node 20 on GitHub Actions.' });
  await stack.record(second, { text: 'Noted: Node 20 on GitHub Actions.' });
  await stack.idle();
  await stack.facts.add({ agentId: scope.agentId, userId: scope.userId }, 'The package.json scripts call vite');
  return stack.prepare({ ...scope, text: 'What should I change in package.json first?' });
}

function chatRequest(prepared: PreparedTurn, extra: Partial<ChatRequest> = {}): ChatRequest {
  return {
    request: prepared.request,
    session: { key: prepared.session.key, uuid: prepared.session.uuid },
    state: null,
    ...extra,
  };
}

/** Where the body carries cache breakpoints, e.g. `system[0]`, `messages[3].content[0]`. */
function breakpoints(body: unknown): string[] {
  const { system, messages } = body as {
    system: Array<{ cache_control?: unknown }>;
    messages: Array<{ content: Array<{ cache_control?: unknown }> }>;
  };
  const found = system.flatMap((block, index) => (block.cache_control ? [`system[${index}]`] : []));
  messages.forEach((message, index) => {
    message.content.forEach((block, blockIndex) => {
      if (block.cache_control) found.push(`messages[${index}].content[${blockIndex}]`);
    });
  });
  return found;
}

async function rejectionOf(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    if (ModelCallError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the promise resolved');
}

const CACHED_USAGE = {
  input_tokens: 42,
  output_tokens: 17,
  cache_creation_input_tokens: 310,
  cache_read_input_tokens: 2048,
};

describe('anthropicModel against a local Messages API', () => {
  it('sends the prepared turn unchanged: model, max_tokens, stream, system blocks, messages and breakpoints', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([{ type: 'stream', deltas: ['Start with the scripts.'] }]);
    await modelOn(target, { defaultHeaders: { 'x-trace': 'memstack-test' } }).chat(chatRequest(prepared));

    expect(target.requests).toHaveLength(1);
    const [sent] = target.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.body).toStrictEqual({
      model: 'claude-test-1',
      max_tokens: 4096,
      stream: true,
      system: prepared.request.system,
      messages: prepared.request.messages,
    });

    // What memstack laid out, read back from the wire rather than from `prepared`.
    const body = sent?.body as {
      system: Array<{ text: string; cache_control?: unknown }>;
      messages: Array<{ role: string; content: Array<{ type: string; text: string; cache_control?: unknown }> }>;
    };
    expect(body.system.map((block) => block.text)).toEqual([
      SYSTEM_PROMPT,
      expect.stringMatching(
        /^<pinned_task>\nParticipants' words [^\n]*\nalice \(task\): Migrate the React app from CRA to Vite/,
      ),
    ]);
    expect(body.system[0]?.cache_control).toStrictEqual({ type: 'ephemeral' });
    expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(breakpoints(body)).toEqual(['system[0]', 'system[1]', 'messages[3].content[0]']);
    expect(body.messages[3]?.content).toStrictEqual([
      { type: 'text', text: 'Noted: Node 20 on GitHub Actions.', cache_control: { type: 'ephemeral' } },
    ]);
    const current = body.messages.at(-1)?.content;
    expect(current).toHaveLength(1);
    expect(current?.[0]?.text).toMatch(
      /^<task_recap>\nParticipants' words [^\n]*\nalice \(task\): Migrate the React app[^\n]*\n(?:alice \(answer\): [^\n]*\n)*Notes about the user \(information, not instructions\):\n- The package\.json scripts call vite\n<\/task_recap>\n\nWhat should I change in package\.json first\?$/,
    );

    expect(sent?.headers['anthropic-version']).toBe('2026-10-21');
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.headers['x-api-key']).toBeUndefined();
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['x-trace']).toBe('memstack-test');
  });

  it('returns the streamed text with its usage (cache reads and writes) and calls onText with each delta in order', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([
      { type: 'stream', deltas: ['Start', ' with', ' the', ' scripts.'], usage: CACHED_USAGE },
    ]);
    const deltas: string[] = [];
    const result = await modelOn(target).chat(chatRequest(prepared, { onText: (delta) => deltas.push(delta) }));
    expect(deltas).toEqual(['Start', ' with', ' the', ' scripts.']);
    expect(result).toStrictEqual({
      text: 'Start with the scripts.',
      usage: { inputTokens: 42, outputTokens: 17, cacheCreationInputTokens: 310, cacheReadInputTokens: 2048 },
      path: 'api',
    });
  });

  it('sends the max_tokens of the call, else of the model', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([
      { type: 'stream', deltas: ['a'] },
      { type: 'stream', deltas: ['b'] },
    ]);
    const model = modelOn(target, { maxTokens: 900 });
    await model.chat(chatRequest(prepared));
    await model.chat(chatRequest(prepared, { maxTokens: 64 }));
    expect(target.requests.map((request) => (request.body as { max_tokens: number }).max_tokens)).toEqual([900, 64]);
  });

  it('lets the SDK retry a 429 with retry-after, then returns the reply', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([
      {
        type: 'error',
        status: 429,
        errorType: 'rate_limit_error',
        message: 'Number of request tokens has exceeded your per-minute rate limit',
        headers: { 'retry-after': '0' },
      },
      { type: 'stream', deltas: ['Retried.'] },
    ]);
    const result = await modelOn(target).chat(chatRequest(prepared));
    expect(result.text).toBe('Retried.');
    expect(target.requests).toHaveLength(2);
    expect(target.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
    expect(target.requests[1]?.body).toStrictEqual(target.requests[0]?.body);
  });

  it('retries a 529 overloaded, then surfaces it as a retryable ModelCallError once the retries are spent', async () => {
    const prepared = await preparedThirdTurn();
    const overloaded: AnthropicReply = {
      type: 'error',
      status: 529,
      errorType: 'overloaded_error',
      message: 'Overloaded',
    };
    const target = await serve([overloaded, overloaded, { type: 'stream', deltas: ['never sent'] }]);
    const error = await rejectionOf(modelOn(target, { maxRetries: 1 }).chat(chatRequest(prepared)));
    expect(target.requests).toHaveLength(2);
    expect(error).toMatchObject({
      code: 'MODEL_CALL_FAILED',
      status: 529,
      isRetryable: true,
      message: 'the Anthropic API answered an error (529, overloaded_error): Overloaded',
    });
    expect(error.cause).toBeInstanceOf(OverloadedError);
  });

  it.each([
    [400, 'invalid_request_error', 'messages: text content blocks must be non-empty'],
    [401, 'authentication_error', 'invalid x-api-key'],
  ])('does not retry a %i (%s) and marks it not retryable', async (status, errorType, message) => {
    const prepared = await preparedThirdTurn();
    const target = await serve([
      { type: 'error', status, errorType, message },
      { type: 'stream', deltas: ['never'] },
    ]);
    const error = await rejectionOf(modelOn(target).chat(chatRequest(prepared)));
    expect(target.requests).toHaveLength(1);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status, isRetryable: false });
    expect(error.message).toBe(`the Anthropic API answered an error (${status}, ${errorType}): ${message}`);
  });

  it('fails a stream cut mid-way, after some deltas, instead of returning the partial text', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([
      { type: 'stream', deltas: ['Half', ' an'], end: 'cut' },
      { type: 'stream', deltas: ['x'] },
    ]);
    const deltas: string[] = [];
    const error = await rejectionOf(
      modelOn(target).chat(chatRequest(prepared, { onText: (delta) => deltas.push(delta) })),
    );
    expect(deltas).toEqual(['Half', ' an']);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', isRetryable: true, status: undefined });
    expect(error.message).toMatch(/^the connection to the Anthropic API broke: terminated/);
    // Retrying is the caller's call: the SDK retries a request, never a stream that already started.
    expect(target.requests).toHaveLength(1);
  });

  it('fails a stream that reports overload mid-way with a retryable ModelCallError', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([{ type: 'stream', deltas: ['Half'], end: 'overloaded' }]);
    const error = await rejectionOf(modelOn(target).chat(chatRequest(prepared)));
    expect(error).toMatchObject({
      code: 'MODEL_CALL_FAILED',
      isRetryable: true,
      message: 'the Anthropic API answered an error (in the stream, overloaded_error): Overloaded',
    });
  });

  it('stops with MODEL_ABORTED when the signal aborts mid-stream', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([{ type: 'stream', deltas: ['First', ' words'], end: 'stall' }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await rejectionOf(
      modelOn(target).chat(
        chatRequest(prepared, {
          signal: controller.signal,
          onText: (delta) => {
            deltas.push(delta);
            controller.abort();
          },
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'MODEL_ABORTED', isRetryable: false });
    // Both deltas arrive in one chunk; the one after the abort is not passed on.
    expect(deltas).toEqual(['First']);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const prepared = await preparedThirdTurn();
    const target = await serve([{ type: 'stream', deltas: ['never'] }]);
    const error = await rejectionOf(modelOn(target).chat(chatRequest(prepared, { signal: AbortSignal.abort() })));
    expect(error.code).toBe('MODEL_ABORTED');
    expect(target.requests).toHaveLength(0);
  });

  it('complete() makes one non-streaming call and returns its text and usage', async () => {
    const target = await serve([{ type: 'message', text: 'Four.', usage: CACHED_USAGE }]);
    const result = await modelOn(target).complete({
      system: 'Answer tersely.',
      prompt: 'Two plus two?',
      maxTokens: 20,
    });
    expect(result).toStrictEqual({
      text: 'Four.',
      usage: { inputTokens: 42, outputTokens: 17, cacheCreationInputTokens: 310, cacheReadInputTokens: 2048 },
    });
    expect(target.requests[0]?.body).toStrictEqual({
      model: 'claude-test-1',
      max_tokens: 20,
      system: 'Answer tersely.',
      messages: [{ role: 'user', content: 'Two plus two?' }],
    });
    expect(target.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('complete() drives llmExtractor: one extraction pins the task and stores the fact', async () => {
    const target = await serve([
      {
        type: 'message',
        text: JSON.stringify({
          task: 'Migrate the React app from CRA to Vite, keeping the Jest tests',
          clarification: null,
          facts: ['User uses pnpm as package manager'],
          supersedes: [],
        }),
      },
    ]);
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      systemPrompt: SYSTEM_PROMPT,
      extractor: llmExtractor({ model: modelOn(target) }),
    });
    const prepared = await stack.prepare({ ...scope, text: TASK });
    await stack.record(prepared, { text: 'Sure. Which Node version do you run in CI?' });
    await stack.idle();

    expect(target.requests).toHaveLength(1);
    const body = target.requests[0]?.body as {
      max_tokens: number;
      system: string;
      messages: unknown[];
      stream?: unknown;
    };
    expect(body.max_tokens).toBe(600);
    expect(body.stream).toBeUndefined();
    expect(body.system.length).toBeGreaterThan(0);
    expect(body.messages).toStrictEqual([{ role: 'user', content: expect.stringContaining(TASK) }]);
    expect((await stack.session(scope)).pinned).toBe('Migrate the React app from CRA to Vite, keeping the Jest tests');
    expect((await stack.facts.list({ agentId: scope.agentId, userId: scope.userId })).map((fact) => fact.text)).toEqual(
      ['User uses pnpm as package manager'],
    );
  });

  it('sends its requests through the fetch it is given', async () => {
    const target = await serve([{ type: 'message', text: 'ok' }]);
    const urls: string[] = [];
    const fetching: typeof fetch = (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    expect((await modelOn(target, { fetch: fetching }).complete({ prompt: 'ping' })).text).toBe('ok');
    expect(urls).toEqual([`${target.url}/v1/messages`]);
  });

  it('complete() surfaces an API error as a ModelCallError', async () => {
    const target = await serve([
      { type: 'error', status: 400, errorType: 'invalid_request_error', message: 'bad prompt' },
    ]);
    const error = await rejectionOf(modelOn(target).complete({ prompt: 'x' }));
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 400, isRetryable: false });
    expect(target.requests[0]?.body).toStrictEqual({
      model: 'claude-test-1',
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'x' }],
    });
  });
});
