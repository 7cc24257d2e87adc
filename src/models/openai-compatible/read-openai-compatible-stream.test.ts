import { APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { readOpenaiCompatibleStream } from './read-openai-compatible-stream.js';

const chunk = (
  choices: Array<{ index?: number; content?: string | null; finish?: ChatCompletionChunk.Choice['finish_reason'] }>,
  usage?: ChatCompletionChunk['usage'],
): ChatCompletionChunk => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'm',
  choices: choices.map((choice) => ({
    index: choice.index ?? 0,
    delta: choice.content === undefined ? {} : { content: choice.content },
    finish_reason: choice.finish ?? null,
  })),
  ...(usage === undefined ? {} : { usage }),
});

/** An SDK-like stream: yields the chunks, then throws `failure` if given; records whether it was closed early. */
function fakeStream(chunks: ChatCompletionChunk[], failure?: unknown) {
  const state = { returned: false };
  const stream: AsyncIterable<ChatCompletionChunk> = {
    [Symbol.asyncIterator]() {
      let index = 0;
      return {
        async next() {
          const value = chunks[index++];
          if (value !== undefined) return { done: false, value };
          if (failure !== undefined) throw failure;
          return { done: true, value: undefined };
        },
        async return() {
          state.returned = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  return { stream, state };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    if (ModelCallError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the stream was read without error');
}

const provider = 'vllm';

describe('readOpenaiCompatibleStream', () => {
  it('joins the content of choice 0, passes each non-empty delta on in order, and keeps the last usage', async () => {
    const { stream } = fakeStream([
      chunk([{ content: '' }]),
      chunk([{ content: 'Hel' }, { index: 1, content: 'other choice' }]),
      chunk([{ content: null }]),
      chunk([{ content: 'lo' }]),
      chunk([{ finish: 'stop' }]),
      chunk([], {
        prompt_tokens: 5,
        completion_tokens: 2,
        total_tokens: 7,
        prompt_tokens_details: { cached_tokens: 0 },
      }),
    ]);
    const deltas: string[] = [];
    const reply = await readOpenaiCompatibleStream(stream, { provider, onText: (delta) => deltas.push(delta) });
    expect(reply).toEqual({ text: 'Hello', usage: { inputTokens: 5, outputTokens: 2, cacheReadInputTokens: 0 } });
    expect(deltas).toEqual(['Hel', 'lo']);
  });

  it('ignores the null usage OpenAI sends on the chunks before the last', async () => {
    const { stream } = fakeStream([
      chunk([{ content: 'a' }], { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }),
      chunk([{ content: 'b', finish: 'length' }], null),
    ]);
    expect(await readOpenaiCompatibleStream(stream, { provider })).toEqual({
      text: 'ab',
      usage: { inputTokens: 1, outputTokens: 1 },
    });
  });

  it('fails retryable when the stream ends without a finish_reason', async () => {
    const { stream } = fakeStream([chunk([{ content: 'half' }])]);
    const error = await rejectionOf(readOpenaiCompatibleStream(stream, { provider }));
    expect([error.code, error.isRetryable]).toEqual(['MODEL_CALL_FAILED', true]);
    expect(error.message).toContain('vllm');
    expect(error.message).toContain('after 4 characters');
  });

  it('fails retryable when reading breaks, with the cause', async () => {
    const cause = new TypeError('terminated');
    const { stream } = fakeStream([chunk([{ content: 'abc' }])], cause);
    const error = await rejectionOf(readOpenaiCompatibleStream(stream, { provider }));
    expect([error.code, error.isRetryable, error.cause]).toEqual(['MODEL_CALL_FAILED', true, cause]);
    expect(error.message).toContain('broke off after 3 characters: terminated');
  });

  it('maps an error event from the server like any API error', async () => {
    const cause = new APIError(undefined, { message: 'bad request in stream', code: 400 }, undefined, new Headers());
    const { stream } = fakeStream([], cause);
    const error = await rejectionOf(readOpenaiCompatibleStream(stream, { provider }));
    expect([error.code, error.isRetryable, error.cause]).toEqual(['MODEL_CALL_FAILED', false, cause]);
  });

  it('is MODEL_ABORTED when the signal fired, even though the SDK ends the stream quietly', async () => {
    const controller = new AbortController();
    const { stream } = fakeStream([chunk([{ content: 'a' }])]);
    const error = await rejectionOf(
      readOpenaiCompatibleStream(stream, { provider, signal: controller.signal, onText: () => controller.abort() }),
    );
    expect(error.code).toBe('MODEL_ABORTED');
  });

  it("lets an error of the caller's onText through unchanged and closes the stream", async () => {
    const mine = new Error('mine');
    const { stream, state } = fakeStream([chunk([{ content: 'a' }]), chunk([{ finish: 'stop' }])]);
    await expect(
      readOpenaiCompatibleStream(stream, {
        provider,
        onText: () => {
          throw mine;
        },
      }),
    ).rejects.toBe(mine);
    expect(state.returned).toBe(true);
  });

  it('does not close a stream that ended by itself', async () => {
    const { stream, state } = fakeStream([chunk([{ content: 'a', finish: 'stop' }])]);
    await readOpenaiCompatibleStream(stream, { provider });
    expect(state.returned).toBe(false);
  });
});
