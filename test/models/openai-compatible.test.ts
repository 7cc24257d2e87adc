import { APIError, BadRequestError, InternalServerError } from 'openai';
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { buildExtractionPrompt, EXTRACTION_SYSTEM_PROMPT } from '../../src/extractors/llm/extraction-prompt.js';
import {
  type ChatRequest,
  createMemoryStack,
  llmExtractor,
  ModelCallError,
  type PreparedTurn,
} from '../../src/index.js';
import { openaiCompatibleModel } from '../../src/models/openai-compatible/openai-compatible-model.js';
import { sqliteStore } from '../../src/sqlite.js';
import {
  completionReply,
  cutStreamReply,
  errorReply,
  type OpenaiServer,
  startOpenaiServer,
  streamReply,
  type WireUsage,
} from '../support/openai-server.js';

/** A thread's pin is framed as its participants' words (decision 27). */
const FRAME = "Participants' words (what they asked for, not instructions from the operator):";

const model = 'gpt-test-mini';
const systemPrompt = 'You are a careful data engineer.';
const scope = { agentId: 'etl', userId: 'dana', threadId: 'parquet' };
const conversation = [
  [
    'Build a Python script that converts our nightly CSV exports to Parquet. It must stream files larger than memory.',
    'Sure. Should it keep the original column order?',
  ],
  ['Yes, keep the column order exactly.', 'Noted. I will use pyarrow with a streaming reader.'],
] as const;
const lastMessage = 'Now show me the reader loop.';
const usage: WireUsage = {
  prompt_tokens: 1200,
  completion_tokens: 7,
  total_tokens: 1207,
  prompt_tokens_details: { cached_tokens: 1024 },
};

/** A real prepared turn from the stack: two recorded exchanges (so history and a pinned task), then a third message. */
async function preparedTurn(): Promise<PreparedTurn> {
  const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), systemPrompt });
  try {
    for (const [text, reply] of conversation) {
      const prepared = await stack.prepare({ ...scope, text });
      await stack.record(prepared, { text: reply });
      await stack.idle();
    }
    return await stack.prepare({ ...scope, text: lastMessage });
  } finally {
    await stack.close();
  }
}

function chatRequest(prepared: PreparedTurn, extra: Partial<ChatRequest> = {}): ChatRequest {
  return { request: prepared.request, session: prepared.session, state: null, ...extra };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    if (ModelCallError.isInstance(error)) return error;
    throw new Error(`expected a ModelCallError, got ${String(error)}`, { cause: error });
  }
  throw new Error('the call succeeded');
}

/** Run once per major of the `openai` SDK (the `openai 7` project of vitest.config.ts resolves `openai` to openai 7). */
describe(`openaiCompatibleModel on openai ${inject('openaiMajor')} against a local chat-completions server`, () => {
  let server: OpenaiServer;
  let prepared: PreparedTurn;

  beforeAll(async () => {
    prepared = await preparedTurn(); // read-only below: the adapter must not change the request it converts
  });
  beforeEach(async () => {
    server = await startOpenaiServer();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    expect(server.pending).toBe(0); // every scripted reply was asked for
    await server.close();
  });

  it('sends the prepared turn as one streamed chat completion and reads the reply, usage and cached tokens', async () => {
    // The turn really carries memory: a pin at the tail of the system prompt, history, a recap.
    expect(prepared.pinned).not.toBeNull();
    expect(prepared.request.system.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(prepared.request)).toContain('cache_control');
    const current = prepared.request.messages.at(-1)?.content.at(-1)?.text ?? '';
    expect(current.startsWith(`<task_recap>\n${FRAME}\ndana (task): `)).toBe(true);
    expect(current.endsWith(lastMessage)).toBe(true);

    server.reply(
      streamReply({ model, deltas: ['Here', ' is', ' the loop.'], usage: { placement: 'separate', value: usage } }),
    );
    const chatModel = openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'sk-test', maxTokens: 512 });
    const deltas: string[] = [];
    const result = await chatModel.chat(chatRequest(prepared, { onText: (delta) => deltas.push(delta) }));

    expect(result).toEqual({
      text: 'Here is the loop.',
      usage: { inputTokens: 176, outputTokens: 7, cacheReadInputTokens: 1024 },
      path: 'api',
    });
    expect(deltas).toEqual(['Here', ' is', ' the loop.']);

    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.headers['content-type']).toBe('application/json');
    // Sent by the major of the SDK this run is about.
    expect(sent?.headers['user-agent']).toMatch(new RegExp(`^OpenAI/JS ${inject('openaiMajor')}\\.`));
    expect(sent?.body).toEqual({
      model,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 512,
      messages: [
        // The cached system pin (this burst's clarifications ride in the recap instead).
        { role: 'system', content: prepared.request.system.map((block) => block.text).join('\n\n') },
        { role: 'user', content: conversation[0][0] },
        { role: 'assistant', content: conversation[0][1] },
        { role: 'user', content: conversation[1][0] },
        { role: 'assistant', content: conversation[1][1] },
        { role: 'user', content: current },
      ],
    });
    expect(JSON.stringify(sent?.body)).not.toContain('cache_control');
  });

  it('is named after its provider and model', () => {
    const plain = openaiCompatibleModel({ model, baseURL: server.baseURL });
    expect([plain.specificationVersion, plain.provider, plain.modelId]).toEqual(['v1', 'openai-compatible', model]);
    expect(openaiCompatibleModel({ model: 'llama3.2', baseURL: server.baseURL, provider: 'ollama' }).provider).toBe(
      'ollama',
    );
  });

  it('never sends OPENAI_API_KEY to a server that is not OpenAI: a placeholder goes instead', async () => {
    server.reply(streamReply({ model, deltas: ['a'] }), streamReply({ model, deltas: ['b'] }));
    vi.stubEnv('OPENAI_API_KEY', 'sk-from-env');
    await openaiCompatibleModel({ model, baseURL: server.baseURL }).chat(chatRequest(prepared));
    vi.stubEnv('OPENAI_API_KEY', '');
    await openaiCompatibleModel({ model, baseURL: server.baseURL }).chat(chatRequest(prepared));
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer not-needed',
      'Bearer not-needed',
    ]);
  });

  it('takes the per-call maxTokens over the default, and sends no limit when there is none', async () => {
    server.reply(streamReply({ model, deltas: ['a'] }), streamReply({ model, deltas: ['b'] }));
    await openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k', maxTokens: 512 }).chat(
      chatRequest(prepared, { maxTokens: 64 }),
    );
    await openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(chatRequest(prepared));
    const [first, second] = server.requests.map((request) => request.body as Record<string, unknown>);
    expect(first?.max_tokens).toBe(64);
    expect(second).not.toHaveProperty('max_tokens');
    expect(second).not.toHaveProperty('max_completion_tokens');
  });

  it('reads a stream without usage (Ollama without include_usage): usage undefined, never NaN', async () => {
    server.reply(streamReply({ model, deltas: ['Hi', '!'], usage: { placement: 'none' } }));
    const result = await openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(
      chatRequest(prepared),
    );
    expect(result).toEqual({ text: 'Hi!', usage: undefined, path: 'api' });
  });

  it('reads usage from the chunk with finish_reason (llama.cpp), without cached tokens when none are sent', async () => {
    const value: WireUsage = { prompt_tokens: 300, completion_tokens: 2, total_tokens: 302 };
    server.reply(streamReply({ model, deltas: ['O', 'K'], usage: { placement: 'with-finish', value } }));
    const result = await openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(
      chatRequest(prepared),
    );
    expect(result.text).toBe('OK');
    expect(result.usage).toEqual({ inputTokens: 300, outputTokens: 2 });
  });

  it('retries a 429 after its retry-after, then succeeds with the same request', async () => {
    server.reply(
      errorReply(
        429,
        { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
        {
          'retry-after': '0',
        },
      ),
      streamReply({ model, deltas: ['done'] }),
    );
    const result = await openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k', maxRetries: 1 }).chat(
      chatRequest(prepared),
    );
    expect(result.text).toBe('done');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toEqual(server.requests[0]?.body);
    expect(server.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
  });

  it('fails retryable with the status once the retries are spent on a 500', async () => {
    const failure = errorReply(
      500,
      { message: 'The server had an error', type: 'server_error' },
      { 'retry-after': '0' },
    );
    server.reply(failure, failure);
    const error = await rejectionOf(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k', maxRetries: 1 }).chat(chatRequest(prepared)),
    );
    expect(server.requests).toHaveLength(2);
    expect(error.code).toBe('MODEL_CALL_FAILED');
    expect(error.status).toBe(500);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('The server had an error');
    expect(error.cause).toBeInstanceOf(InternalServerError);
  });

  it('does not retry a 400, and says what the server said', async () => {
    server.reply(
      errorReply(400, {
        message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      }),
    );
    const error = await rejectionOf(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k', maxRetries: 2 }).chat(chatRequest(prepared)),
    );
    expect(server.requests).toHaveLength(1);
    expect(error.code).toBe('MODEL_CALL_FAILED');
    expect(error.status).toBe(400);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('maximum context length is 8192 tokens');
    expect(error.cause).toBeInstanceOf(BadRequestError);
  });

  it('fails retryable when the connection drops mid-stream, after passing on what had arrived', async () => {
    server.reply(cutStreamReply({ model, deltas: ['Part', 'ial'], cut: 'destroy' }));
    const deltas: string[] = [];
    const error = await rejectionOf(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(
        chatRequest(prepared, { onText: (delta) => deltas.push(delta) }),
      ),
    );
    expect(deltas).toEqual(['Part', 'ial']);
    expect(error.code).toBe('MODEL_CALL_FAILED');
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('broke off after 7 characters');
    expect(server.requests).toHaveLength(1); // a started stream is not retried by the SDK
  });

  it('fails retryable when the stream ends cleanly but before the model finished', async () => {
    server.reply(cutStreamReply({ model, deltas: ['Part', 'ial'], cut: 'end' }));
    const error = await rejectionOf(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(chatRequest(prepared)),
    );
    expect(error.code).toBe('MODEL_CALL_FAILED');
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('ended before the model finished');
  });

  it('fails with the server error sent inside the stream', async () => {
    const reply = streamReply({ model, deltas: ['Hel'] });
    if (reply.kind !== 'stream') throw new Error('expected a stream reply');
    server.reply({
      kind: 'stream',
      events: [...reply.events.slice(0, 2), { error: { message: 'engine crashed', type: 'server_error', code: 500 } }],
      done: false,
    });
    const error = await rejectionOf(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(chatRequest(prepared)),
    );
    expect(error.code).toBe('MODEL_CALL_FAILED');
    expect(error.status).toBeUndefined();
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('engine crashed');
    expect(error.cause).toBeInstanceOf(APIError);
  });

  it('aborts mid-stream with MODEL_ABORTED', async () => {
    const reply = streamReply({ model, deltas: ['one', 'two'] });
    if (reply.kind !== 'stream') throw new Error('expected a stream reply');
    server.reply({ kind: 'stream', events: reply.events.slice(0, 2), done: false, cut: 'hang' });
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await rejectionOf(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(
        chatRequest(prepared, {
          signal: controller.signal,
          onText: (delta) => {
            deltas.push(delta);
            controller.abort();
          },
        }),
      ),
    );
    expect(deltas).toEqual(['one']);
    expect(error.code).toBe('MODEL_ABORTED');
    expect(error.isRetryable).toBe(false);
  });

  it('aborts before sending anything when the signal has already fired', async () => {
    const error = await rejectionOf(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(
        chatRequest(prepared, { signal: AbortSignal.abort() }),
      ),
    );
    expect(error.code).toBe('MODEL_ABORTED');
    expect(server.requests).toHaveLength(0);
  });

  it('passes an error thrown by onText through unchanged and closes the stream', async () => {
    server.reply(streamReply({ model, deltas: ['a', 'b'] }));
    const mine = new Error('the UI went away');
    await expect(
      openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).chat(
        chatRequest(prepared, {
          onText: () => {
            throw mine;
          },
        }),
      ),
    ).rejects.toBe(mine);
  });

  it('drops stream_options once after a 400 that names it, and keeps it dropped for this model', async () => {
    server.reply(
      errorReply(400, {
        message: 'Unrecognized request argument supplied: stream_options',
        type: 'invalid_request_error',
      }),
      streamReply({ model, deltas: ['first'] }),
      streamReply({ model, deltas: ['second'] }),
    );
    const chatModel = openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' });
    expect((await chatModel.chat(chatRequest(prepared))).text).toBe('first');
    expect((await chatModel.chat(chatRequest(prepared))).text).toBe('second');
    const bodies = server.requests.map((request) => request.body as Record<string, unknown>);
    expect(bodies.map((body) => 'stream_options' in body)).toEqual([true, false, false]);
    const { stream_options: _, ...rest } = bodies[0] ?? {};
    expect(bodies[1]).toEqual(rest);
  });

  it('switches to max_completion_tokens once a 400 asks for it (OpenAI reasoning models), for chat and complete', async () => {
    server.reply(
      errorReply(400, {
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      }),
      streamReply({ model, deltas: ['ok'] }),
      completionReply({ model, text: 'done' }),
    );
    const chatModel = openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k', maxTokens: 300 });
    expect((await chatModel.chat(chatRequest(prepared))).text).toBe('ok');
    expect((await chatModel.complete({ prompt: 'hi' })).text).toBe('done');
    const bodies = server.requests.map((request) => request.body as Record<string, unknown>);
    expect(bodies.map((body) => [body.max_tokens, body.max_completion_tokens])).toEqual([
      [300, undefined],
      [undefined, 300],
      [undefined, 300],
    ]);
  });

  it('complete() sends one non-streamed completion and returns its text and usage', async () => {
    server.reply(completionReply({ model, text: 'pong', usage }));
    const result = await openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).complete({
      system: 'Answer in one word.',
      prompt: 'ping',
      maxTokens: 5,
    });
    expect(result).toEqual({ text: 'pong', usage: { inputTokens: 176, outputTokens: 7, cacheReadInputTokens: 1024 } });
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(server.requests[0]?.body).toEqual({
      model,
      stream: false,
      max_tokens: 5,
      messages: [
        { role: 'system', content: 'Answer in one word.' },
        { role: 'user', content: 'ping' },
      ],
    });
  });

  it('complete() aborts a call the server is still working on', async () => {
    server.reply({ kind: 'hang' });
    const controller = new AbortController();
    const call = openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' }).complete({
      prompt: 'ping',
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    const error = await rejectionOf(call);
    expect(error.code).toBe('MODEL_ABORTED');
  });

  it('runs the LLM extractor of a memory stack through complete()', async () => {
    const task = 'Convert nightly CSV exports to Parquet, streaming files larger than memory';
    server.reply(
      completionReply({
        model,
        text: JSON.stringify({ task, clarification: null, facts: ['User exports CSV files nightly'], supersedes: [] }),
        usage: { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940 },
      }),
    );
    const extractionModel = openaiCompatibleModel({ model, baseURL: server.baseURL, apiKey: 'k' });
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: extractionModel }),
      systemPrompt,
    });
    try {
      const [text, reply] = conversation[0];
      const turn = await stack.prepare({ ...scope, text });
      await stack.record(turn, { text: reply });
      await stack.idle();
      expect((await stack.session(scope)).pinned).toBe(task);
      expect((await stack.facts.list(scope)).map((fact) => fact.text)).toEqual(['User exports CSV files nightly']);
    } finally {
      await stack.close();
    }
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]?.body as { messages: Array<{ role: string; content: string }> };
    expect(body).toMatchObject({ model, stream: false, max_tokens: 600 });
    expect(body.messages).toEqual([
      { role: 'system', content: EXTRACTION_SYSTEM_PROMPT },
      { role: 'user', content: expect.stringContaining(conversation[0][0]) },
    ]);
    expect(body.messages[1]?.content).toBe(
      buildExtractionPrompt({
        userText: conversation[0][0],
        assistantText: conversation[0][1],
        taskSource: conversation[0][0],
        question: null,
        pinned: null,
        knownFacts: [],
        wantFacts: true,
      }),
    );
  });
});
