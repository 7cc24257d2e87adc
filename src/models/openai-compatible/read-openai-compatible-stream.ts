import { APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { mapOpenaiCompatibleUsage } from '../../core/wire/openai-chat/map-openai-compatible-usage.js';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import type { Usage } from '../../spec/usage.js';
import { mapOpenaiCompatibleError } from './map-openai-compatible-error.js';

export interface StreamedReply {
  text: string;
  usage: Usage | undefined;
}

/**
 * Reads a chat-completion stream: passes each non-empty content delta of choice 0 to `onText`, joins them, and keeps
 * the last `usage` seen (OpenAI, vLLM and Ollama send it in a last chunk with empty `choices`, llama.cpp in the
 * chunk with `finish_reason`, a server that ignores `stream_options` not at all).
 *
 * A stream is complete only once a choice has a `finish_reason`: the SDK hides `data: [DONE]` and ends quietly when
 * the body ends, so a server or proxy that closes early would otherwise pass as a short reply. Such a stream, or one
 * whose connection broke, is a retryable MODEL_CALL_FAILED (the SDK retries requests, never a stream that already
 * started). The SDK also ends quietly when the signal fires mid-stream, hence the check after the loop.
 * An error thrown by `onText` is the caller's own and propagates unchanged; the stream is closed.
 */
export async function readOpenaiCompatibleStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  options: {
    provider: string;
    signal?: AbortSignal | undefined;
    onText?: ((delta: string) => void) | undefined;
  },
): Promise<StreamedReply> {
  const { provider, signal, onText } = options;
  const iterator = stream[Symbol.asyncIterator]();
  let text = '';
  let usage: Usage | undefined;
  let finished = false;
  let exhausted = false;
  try {
    for (;;) {
      let step: IteratorResult<ChatCompletionChunk>;
      try {
        step = await iterator.next();
      } catch (error) {
        exhausted = true; // a generator that threw is closed
        throw brokenStream(error, { provider, signal, received: text.length });
      }
      if (step.done) {
        exhausted = true;
        break;
      }
      const chunk = step.value;
      usage = mapOpenaiCompatibleUsage(chunk.usage) ?? usage;
      for (const choice of chunk.choices ?? []) {
        if (choice.index !== 0) continue;
        const delta = choice.delta?.content;
        if (typeof delta === 'string' && delta !== '') {
          text += delta;
          onText?.(delta);
        }
        if (choice.finish_reason) finished = true;
      }
    }
  } finally {
    // Leaving early (onText threw) closes the SDK's generator, which aborts the request.
    if (!exhausted) await iterator.return?.();
  }
  if (signal?.aborted) throw mapOpenaiCompatibleError(signal.reason, { provider, signal });
  if (!finished) {
    throw new ModelCallError(
      'MODEL_CALL_FAILED',
      `the stream from ${provider} ended before the model finished (no finish_reason), after ${text.length} characters`,
      { isRetryable: true },
    );
  }
  return { text, usage };
}

function brokenStream(
  error: unknown,
  context: { provider: string; signal: AbortSignal | undefined; received: number },
): ModelCallError {
  // An abort, or an error event the server sent inside the stream, is mapped like any other SDK error.
  if (context.signal?.aborted || error instanceof APIError) return mapOpenaiCompatibleError(error, context);
  const reason = error instanceof Error ? error.message : String(error);
  return new ModelCallError(
    'MODEL_CALL_FAILED',
    `the stream from ${context.provider} broke off after ${context.received} characters: ${reason}`,
    { isRetryable: true, cause: error },
  );
}
