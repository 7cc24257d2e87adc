import OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import { checkOptions, functionSchema, httpUrlSchema } from '../../core/validation/check-options.js';
import { mapOpenaiCompatibleUsage } from '../../core/wire/openai-chat/map-openai-compatible-usage.js';
import type { ChatModel } from '../../spec/chat-model.js';
import type { CompletionModel } from '../../spec/completion-model.js';
import { convertToOpenaiCompatibleMessages } from './convert-to-openai-compatible-messages.js';
import { detectRejectedParameter } from './detect-rejected-parameter.js';
import { mapOpenaiCompatibleError } from './map-openai-compatible-error.js';
import { readOpenaiCompatibleStream } from './read-openai-compatible-stream.js';
import { resolveOpenaiCompatibleApiKey } from './resolve-openai-compatible-api-key.js';

export interface OpenaiCompatibleModelOptions {
  /** The model name the server knows, e.g. `gpt-4.1-mini`, `llama3.2`, `Qwen/Qwen2.5-7B-Instruct`. */
  model: string;
  /** The API root, ending in `/v1` for all four servers, e.g. `http://localhost:11434/v1` (Ollama). */
  baseURL: string;
  /** Default: `OPENAI_API_KEY` for OpenAI's own API, else a placeholder (local servers accept any key). */
  apiKey?: string | undefined;
  /** Default limit of generated tokens per call; unset, none is sent and the server's own default applies. */
  maxTokens?: number | undefined;
  /** Retries the SDK makes on connection errors, 408, 409, 429 and 5xx (default 2). */
  maxRetries?: number | undefined;
  fetch?: typeof fetch | undefined;
  /** Default `openai-compatible`; it names the model in errors and in the LLM extractor's name. */
  provider?: string | undefined;
}

/**
 * A chat and completion model on any server that speaks OpenAI's chat-completions API: OpenAI, Ollama, vLLM,
 * llama.cpp's server. Only parameters all four accept are sent: `model`, `messages`, `stream`, `max_tokens`, and
 * `stream_options: { include_usage: true }` on streams.
 *
 * `max_tokens`, not `max_completion_tokens`: OpenAI deprecated `max_tokens`, but it is the one every compatible server
 * has always read; `max_completion_tokens` came later, and a build that does not know it ignores it, which silently
 * lifts the limit. OpenAI's reasoning models refuse `max_tokens` with a 400 that names `max_completion_tokens`; then
 * the call is sent again once with `max_completion_tokens`, and this model instance keeps using it. No limit is sent
 * when none is set: vLLM refuses a limit that overflows the context window, and without one a server stops at its
 * context's end at the latest.
 * `stream_options`: a server that refuses it with a 400 naming it gets the call again once without it (the reply
 * then comes without usage), and this model instance stops sending it.
 * Retries of transient failures are the SDK's (`maxRetries`, exponential backoff from 0.5 s, honouring
 * `retry-after-ms` and `retry-after`); a stream that breaks after it started is not retried, but fails retryable.
 */
const optionsSchema = z.looseObject({
  model: z.string().trim().min(1, 'a model name is required'),
  baseURL: httpUrlSchema('baseURL (the server, e.g. http://localhost:11434/v1)'),
  apiKey: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
  maxRetries: z.number().int().nonnegative().optional(),
  fetch: functionSchema.optional(),
  provider: z.string().trim().min(1).optional(),
});

export function openaiCompatibleModel(options: OpenaiCompatibleModelOptions): ChatModel & CompletionModel {
  checkOptions(optionsSchema, options, 'openaiCompatibleModel');
  const provider = options.provider ?? 'openai-compatible';
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: resolveOpenaiCompatibleApiKey(options.apiKey, options.baseURL),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  // What this server was found to refuse (see above); shared by every call of this instance.
  let sendStreamOptions = true;
  let tokenLimitParameter: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';

  const tokenLimit = (maxTokens: number | undefined): { max_tokens?: number; max_completion_tokens?: number } => {
    const limit = maxTokens ?? options.maxTokens;
    return limit === undefined ? {} : { [tokenLimitParameter]: limit };
  };

  /** Sends a request built afresh for each attempt, dropping or renaming a refused parameter at most once each. */
  const send = async <Params extends object, Result>(
    build: () => Params,
    call: (params: Params) => Promise<Result>,
    signal: AbortSignal | undefined,
  ): Promise<Result> => {
    for (;;) {
      const params = build();
      try {
        return await call(params);
      } catch (error) {
        const rejected = detectRejectedParameter(error);
        if (rejected === 'stream_options' && 'stream_options' in params) {
          sendStreamOptions = false;
          continue;
        }
        if (rejected === 'max_tokens' && 'max_tokens' in params) {
          tokenLimitParameter = 'max_completion_tokens';
          continue;
        }
        throw mapOpenaiCompatibleError(error, { provider, signal, baseURL: client.baseURL });
      }
    }
  };

  return {
    specificationVersion: 'v1',
    provider,
    modelId: options.model,

    async chat({ request, maxTokens, signal, onText }) {
      const messages = convertToOpenaiCompatibleMessages(request);
      const stream = await send(
        (): ChatCompletionCreateParamsStreaming => ({
          model: options.model,
          messages,
          stream: true,
          ...(sendStreamOptions ? { stream_options: { include_usage: true } } : {}),
          ...tokenLimit(maxTokens),
        }),
        (params) => client.chat.completions.create(params, { signal }),
        signal,
      );
      const reply = await readOpenaiCompatibleStream(stream, { provider, signal, onText });
      return { text: reply.text, usage: reply.usage, path: 'api' };
    },

    async complete({ system, prompt, maxTokens, signal }) {
      const messages: ChatCompletionMessageParam[] = [];
      if (system) messages.push({ role: 'system', content: system });
      messages.push({ role: 'user', content: prompt });
      const completion = await send(
        (): ChatCompletionCreateParamsNonStreaming => ({
          model: options.model,
          messages,
          // Explicit: the servers agree that false is the default, but not every proxy in front of them does.
          stream: false,
          ...tokenLimit(maxTokens),
        }),
        (params) => client.chat.completions.create(params, { signal }),
        signal,
      );
      return {
        text: completion.choices?.[0]?.message?.content ?? '',
        usage: mapOpenaiCompatibleUsage(completion.usage),
      };
    },
  };
}
