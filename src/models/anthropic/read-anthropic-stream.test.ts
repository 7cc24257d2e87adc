import { APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { readAnthropicStream } from './read-anthropic-stream.js';

const start = {
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [],
    usage: { input_tokens: 20, output_tokens: 1, cache_creation_input_tokens: 300, cache_read_input_tokens: 4000 },
  },
};
const blockStart = { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } };
const delta = (text: string) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
const blockStop = { type: 'content_block_stop', index: 0 };
const messageDelta = {
  type: 'message_delta',
  delta: { stop_reason: 'end_turn', stop_sequence: null },
  usage: { output_tokens: 9 },
};
const stop = { type: 'message_stop' };

async function* eventsOf(events: unknown[], after?: () => never): AsyncGenerator<unknown> {
  for (const event of events) yield event;
  after?.();
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the promise resolved');
}

describe('readAnthropicStream', () => {
  it('joins the text deltas, calls onText with each in order, and merges the usage of message_start and message_delta', async () => {
    const deltas: string[] = [];
    const reply = await readAnthropicStream(
      eventsOf([start, blockStart, delta('Hel'), delta('lo'), delta(' world'), blockStop, messageDelta, stop]),
      { onText: (text) => deltas.push(text) },
    );
    expect(deltas).toEqual(['Hel', 'lo', ' world']);
    expect(reply).toStrictEqual({
      text: 'Hello world',
      usage: { inputTokens: 20, outputTokens: 9, cacheCreationInputTokens: 300, cacheReadInputTokens: 4000 },
    });
  });

  it('skips events it does not read: thinking deltas, pings, unknown events', async () => {
    const deltas: string[] = [];
    const reply = await readAnthropicStream(
      eventsOf([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } },
        { type: 'ping' },
        { type: 'some_future_event', payload: 1 },
        'not an object',
        delta('Yes'),
        messageDelta,
        stop,
      ]),
      { onText: (text) => deltas.push(text) },
    );
    expect(reply.text).toBe('Yes');
    expect(deltas).toEqual(['Yes']);
  });

  it('returns an empty reply as one (the model may answer nothing)', async () => {
    expect(await readAnthropicStream(eventsOf([start, messageDelta, stop]))).toMatchObject({ text: '' });
  });

  it('fails a stream that ends before message_stop, whatever text it had', async () => {
    const error = await rejectionOf(readAnthropicStream(eventsOf([start, blockStart, delta('Partial')])));
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'MODEL_CALL_FAILED',
      isRetryable: true,
      message: 'the Anthropic stream ended before message_stop',
    });
  });

  it('maps an error the stream throws (an error event, a broken body) to a ModelCallError', async () => {
    const overloaded = new APIError(
      undefined,
      { type: 'error', error: { type: 'overloaded_error', message: 'busy' } },
      undefined,
      undefined,
      'overloaded_error',
    );
    const error = await rejectionOf(
      readAnthropicStream(
        eventsOf([start, delta('Par')], () => {
          throw overloaded;
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', isRetryable: true, cause: overloaded });
  });

  it('stops passing deltas on once the signal aborts, and is MODEL_ABORTED', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await rejectionOf(
      readAnthropicStream(
        (async function* () {
          yield start;
          yield delta('Par');
          yield delta('tial');
          yield stop;
        })(),
        {
          onText: (text) => {
            deltas.push(text);
            if (text === 'Par') controller.abort();
          },
          signal: controller.signal,
        },
      ),
    );
    // Nothing after the abort reaches the caller, even an event already buffered.
    expect(deltas).toEqual(['Par']);
    expect(error).toMatchObject({ code: 'MODEL_ABORTED' });
  });

  it('is MODEL_ABORTED when the stream ends quietly after an abort (as the SDK ends an aborted stream)', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await rejectionOf(
      readAnthropicStream(
        (async function* () {
          yield start;
          yield delta('Par');
          controller.abort();
        })(),
        { onText: (text) => deltas.push(text), signal: controller.signal },
      ),
    );
    expect(deltas).toEqual(['Par']);
    expect(error).toMatchObject({ code: 'MODEL_ABORTED' });
  });

  it('fails on a malformed event it reads instead of guessing', async () => {
    for (const bad of [
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 42 } },
      { type: 'content_block_delta', index: 0 },
      { type: 'message_start' },
    ]) {
      const error = await rejectionOf(readAnthropicStream(eventsOf([bad, stop])));
      expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', isRetryable: false });
      expect((error as Error).message).toMatch(
        /^the Anthropic stream sent a malformed (content_block_delta|message_start) event$/,
      );
    }
  });

  it('lets an error thrown by onText through unchanged, and stops reading the stream', async () => {
    const mine = new Error('the client went away');
    let finished = false;
    const events = (async function* () {
      try {
        yield start;
        yield delta('a');
        yield delta('b');
        yield stop;
      } finally {
        finished = true;
      }
    })();
    const seen: string[] = [];
    const error = await rejectionOf(
      readAnthropicStream(events, {
        onText: (text) => {
          seen.push(text);
          throw mine;
        },
      }),
    );
    expect(error).toBe(mine);
    expect(seen).toEqual(['a']);
    expect(finished).toBe(true);
  });
});
