import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { checkOptions, functionSchema, httpUrlSchema } from '../../core/validation/check-options.js';
import type { ChatModel } from '../../spec/chat-model.js';
import type { CompletionModel } from '../../spec/completion-model.js';
import { ConfigError } from '../../spec/errors/config-error.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { mapAnthropicError } from './map-anthropic-error.js';
import { readAnthropicMessage } from './read-anthropic-message.js';
import { readAnthropicStream } from './read-anthropic-stream.js';

export interface AnthropicModelOptions {
  /** The model id, e.g. `claude-sonnet-4-5`. */
  model: string;
  /** Default: the `ANTHROPIC_API_KEY` environment variable. Sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Default: `ANTHROPIC_BASE_URL`, else the Anthropic API. */
  baseURL?: string;
  /** The reply's token limit when a call does not set one. Default 4096. */
  maxTokens?: number;
  /**
   * Attempts after the first for a failed request (connection errors, 408, 409, 429, 5xx, 529), made by the SDK with
   * exponential backoff that honours `retry-after`. A stream that breaks after it started is not retried. Default 2.
   */
  maxRetries?: number;
  /** A fetch implementation, for proxies and tests. */
  fetch?: typeof fetch;
  defaultHeaders?: Record<string, string>;
}

export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

const optionsSchema = z.looseObject({
  model: z.unknown(),
  apiKey: z.string().optional(),
  baseURL: httpUrlSchema('baseURL').optional(),
  maxTokens: z.number().optional(),
  maxRetries: z.number().optional(),
  fetch: functionSchema.optional(),
  defaultHeaders: z.record(z.string(), z.string()).optional(),
});

/**
 * The Anthropic Messages API as a memstack model. `chat` streams the prepared turn exactly as `prepare` laid it out
 * (system blocks and messages untouched, cache breakpoints where memstack put them) and returns the text with the
 * usage, cache reads and writes included; `complete` is one plain call, for the LLM extractor. Every failure is a
 * `ModelCallError` with the SDK's error as `cause`.
 */
export function anthropicModel(options: AnthropicModelOptions): ChatModel & CompletionModel {
  checkOptions(optionsSchema, options, 'anthropicModel');
  const { model } = options;
  if (typeof model !== 'string' || model.trim() === '') {
    throw new ConfigError('INVALID_CONFIG', 'anthropicModel needs a model id, e.g. { model: "claude-sonnet-4-5" }');
  }
  const defaultMaxTokens = options.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS;
  if (!Number.isSafeInteger(defaultMaxTokens) || defaultMaxTokens < 1) {
    throw new ConfigError(
      'INVALID_CONFIG',
      `anthropicModel maxTokens must be a positive integer, not ${defaultMaxTokens}`,
    );
  }
  if (options.maxRetries !== undefined && !(Number.isSafeInteger(options.maxRetries) && options.maxRetries >= 0)) {
    throw new ConfigError('INVALID_CONFIG', `anthropicModel maxRetries must be 0 or more, not ${options.maxRetries}`);
  }
  const apiKey = options.apiKey ?? process.env.ANTHROPIC_API_KEY;
  if (apiKey === undefined || apiKey.trim() === '') {
    throw new ConfigError(
      'INVALID_CONFIG',
      'anthropicModel needs an API key: set the ANTHROPIC_API_KEY environment variable or pass { apiKey }',
    );
  }
  // The key is passed explicitly, so the SDK reads no other credential (ANTHROPIC_AUTH_TOKEN, profiles on disk).
  const client = new Anthropic({
    apiKey,
    baseURL: options.baseURL,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    defaultHeaders: options.defaultHeaders,
  });

  return {
    specificationVersion: 'v1',
    provider: 'anthropic',
    modelId: model,

    async chat({ request, maxTokens, signal, onText }) {
      let stream: AsyncIterable<unknown>;
      try {
        stream = await client.messages.create(
          { model, max_tokens: maxTokens ?? defaultMaxTokens, ...convertToAnthropicMessages(request), stream: true },
          { signal },
        );
      } catch (error) {
        throw mapAnthropicError(error, signal, client.baseURL);
      }
      const reply = await readAnthropicStream(stream, { onText, signal });
      return { text: reply.text, usage: reply.usage, path: 'api' };
    },

    async complete({ system, prompt, maxTokens, signal }) {
      try {
        const message = await client.messages.create(
          {
            model,
            max_tokens: maxTokens ?? defaultMaxTokens,
            ...(system ? { system } : {}),
            messages: [{ role: 'user', content: prompt }],
          },
          { signal },
        );
        return readAnthropicMessage(message);
      } catch (error) {
        throw mapAnthropicError(error, signal, client.baseURL);
      }
    },
  };
}
