import { z } from 'zod';
import { checkVectors } from '../../core/search/check-vectors.js';
import { checkOptions, functionSchema, httpUrlSchema } from '../../core/validation/check-options.js';
import type { Embedder } from '../../spec/embedder.js';
import { MemstackError } from '../../spec/errors/memstack-error.js';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { describeError, isConnectionFailure, isRetryableStatus } from '../is-connection-failure.js';
import { readEmbeddingsResponse } from './read-embeddings-response.js';
import { resolveOpenaiCompatibleApiKey } from './resolve-openai-compatible-api-key.js';

export interface OpenaiCompatibleEmbedderOptions {
  /** The embedding model the server knows, e.g. `text-embedding-3-small`, `nomic-embed-text`, `BAAI/bge-m3`. */
  model: string;
  /** The API root, ending in `/v1` for all four servers, e.g. `http://localhost:11434/v1` (Ollama). */
  baseURL: string;
  /** Default: `OPENAI_API_KEY` for OpenAI's own API, else a placeholder (local servers accept any key). */
  apiKey?: string | undefined;
  /**
   * The languages the model reads, as the locale packs name them (`en`, `zh`, `ja`, `ko`, `es`, `fr`, `de`): texts in
   * others are not sent and are ranked lexically (`Embedder.languages`; `createMemoryStack` refuses a code no pack
   * knows). Unset: every language (OpenAI's models, bge-m3).
   */
  languages?: readonly string[] | undefined;
  /** The length of the model's vectors: a reply of another length is refused. Unset: the first reply's length. */
  dimensions?: number | undefined;
  /**
   * Sends `dimensions` with each request, for models that shorten their vectors on request (OpenAI's
   * `text-embedding-3-*`). Default false: other servers may refuse the field.
   */
  requestDimensions?: boolean | undefined;
  /** `base64` halves the bytes on the wire (OpenAI, vLLM, recent llama.cpp); default `float`, which all four send. */
  encodingFormat?: 'float' | 'base64' | undefined;
  /** Texts per request (default 64); more are sent in several requests, one after another. */
  batchSize?: number | undefined;
  /** How long one request may take, body included (default 30,000 ms): then `MODEL_TIMEOUT`. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  /** Default `openai-compatible`; it names the server in errors. */
  provider?: string | undefined;
}

const optionsSchema = z.looseObject({
  model: z.string().trim().min(1, 'a model name is required'),
  baseURL: httpUrlSchema('baseURL (the server, e.g. http://localhost:11434/v1)'),
  apiKey: z.string().optional(),
  // Checked against the locale packs by createMemoryStack, which loads them (this entry does not).
  languages: z.array(z.string()).min(1, 'name at least one language, or leave languages unset').optional(),
  dimensions: z.number().int().positive().optional(),
  requestDimensions: z.boolean().optional(),
  encodingFormat: z.enum(['float', 'base64']).optional(),
  batchSize: z.number().int().positive().max(2048).optional(),
  timeoutMs: z.number().int().positive().optional(),
  fetch: functionSchema.optional(),
  provider: z.string().trim().min(1).optional(),
});

const DEFAULT_BATCH_SIZE = 64;
const DEFAULT_TIMEOUT_MS = 30_000;
/** The most of an error body kept in the message. */
const ERROR_EXCERPT_CHARS = 300;

/**
 * An `Embedder` on any server that speaks OpenAI's `/v1/embeddings`: OpenAI, Ollama, vLLM, llama.cpp's server
 * (`--embedding`). Sends `{ model, input: string[], encoding_format }` (and `dimensions` when asked), reads
 * `{ data: [{ index, embedding }] }`. No retry: the stack treats a failure as "no vector" (a stored row keeps none, a
 * query is ranked lexically), which costs less than a retry's wait on the way to a reply.
 */
export function openaiCompatibleEmbedder(options: OpenaiCompatibleEmbedderOptions): Embedder {
  checkOptions(optionsSchema, options, 'openaiCompatibleEmbedder');
  const provider = options.provider ?? 'openai-compatible';
  const url = `${options.baseURL.trim().replace(/\/+$/, '')}/embeddings`;
  const apiKey = resolveOpenaiCompatibleApiKey(options.apiKey, options.baseURL);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? fetch;
  let dimensions = options.dimensions;

  const request = async (texts: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const fail = (error: unknown): never => {
      if (MemstackError.isInstance(error)) throw error;
      if (signal?.aborted) {
        throw new ModelCallError('MODEL_ABORTED', `the call to ${provider} was aborted`, { cause: error });
      }
      if (timeout.aborted) {
        throw new ModelCallError('MODEL_TIMEOUT', `the call to ${provider} timed out after ${timeoutMs} ms`, {
          isRetryable: true,
          cause: error,
        });
      }
      throw new ModelCallError(
        'MODEL_CALL_FAILED',
        isConnectionFailure(error)
          ? `could not reach ${provider} at ${options.baseURL}: ${describeError(error)}`
          : `the call to ${provider} failed: ${describeError(error)}`,
        { isRetryable: isConnectionFailure(error), cause: error },
      );
    };
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          model: options.model,
          input: texts,
          encoding_format: options.encodingFormat ?? 'float',
          ...(options.requestDimensions && options.dimensions !== undefined ? { dimensions: options.dimensions } : {}),
        }),
        signal: combined,
      });
      const body = await response.text();
      if (!response.ok) {
        throw new ModelCallError(
          'MODEL_CALL_FAILED',
          `${provider} answered ${response.status} to an embeddings request: ${errorMessage(body)}`,
          { status: response.status, isRetryable: isRetryableStatus(response.status) },
        );
      }
      const vectors = checkVectors(readEmbeddingsResponse(body, texts.length), texts.length, dimensions);
      dimensions ??= vectors[0]?.length;
      return vectors;
    } catch (error) {
      return fail(error);
    }
  };

  return {
    specificationVersion: 'v1',
    model: options.model,
    ...(options.languages === undefined ? {} : { languages: [...options.languages] }),
    get dimensions() {
      return dimensions;
    },
    embed: async (texts, embedOptions) => {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        vectors.push(...(await request(texts.slice(start, start + batchSize), embedOptions?.signal)));
      }
      return vectors;
    },
  };
}

/** The `error.message` of an OpenAI-style error body, or the body's start. */
function errorMessage(body: string): string {
  try {
    const parsed = z
      .object({ error: z.union([z.string(), z.object({ message: z.string() })]) })
      .safeParse(JSON.parse(body));
    if (parsed.success) {
      return typeof parsed.data.error === 'string' ? parsed.data.error : parsed.data.error.message;
    }
  } catch {
    // Not JSON: the body itself says what went wrong.
  }
  return body.slice(0, ERROR_EXCERPT_CHARS) || '(no body)';
}
