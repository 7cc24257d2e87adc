import { APIError } from 'openai';

/** A parameter this adapter sends by default and can do without, or replace, when a server refuses it. */
export type RejectedParameter = 'stream_options' | 'max_tokens';

/**
 * Which optional parameter a 400 (or 422, FastAPI's validation status) refused, read from the error's message,
 * `param` and body. Only refusals that name the parameter count, so an ordinary bad request (a prompt too long,
 * an unknown model) is never sent twice:
 * - `stream_options`: servers that predate it (Azure OpenAI's older API versions: "Unrecognized request argument
 *   supplied: stream_options") or validate strictly.
 * - `max_tokens`: OpenAI's reasoning models ("Unsupported parameter: 'max_tokens' is not supported with this
 *   model. Use 'max_completion_tokens' instead."). Only a message that names `max_completion_tokens` counts: a
 *   `max_tokens` larger than the context allows (vLLM) is not fixed by renaming the parameter.
 * A server whose error body is not in the OpenAI shape (the SDK keeps only `body.error`) is not recognised; its
 * error then stands as it is.
 */
export function detectRejectedParameter(error: unknown): RejectedParameter | undefined {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return undefined;
  const text = `${error.message} ${error.param ?? ''} ${safeStringify(error.error)}`;
  if (text.includes('max_completion_tokens')) return 'max_tokens';
  if (text.includes('stream_options') || text.includes('include_usage')) return 'stream_options';
  return undefined;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
