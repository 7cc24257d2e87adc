import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ModelCallError } from '../../spec/errors/model-call-error.js';

// Codes of a connection that dropped or never opened (undici and Node sockets): a body that stops mid-way surfaces
// as a bare `TypeError: terminated` with one of these as its cause, not as an SDK error.
const CONNECTION_ERROR_CODES = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
]);

/**
 * Any failure of a call through the openai SDK as a `ModelCallError`, with the SDK's error as `cause`.
 *
 * - The caller's signal fired (whatever the SDK threw then: `APIUserAbortError`, or a bare `AbortError` while a body
 *   was being read), or an `AbortError` came up: MODEL_ABORTED, not retryable.
 * - `APIConnectionTimeoutError`: MODEL_TIMEOUT, retryable. Other connection failures: MODEL_CALL_FAILED, retryable.
 * - An HTTP error: MODEL_CALL_FAILED with its `status`, retryable for 408, 409, 429 and 5xx, the statuses the SDK
 *   itself retries (`shouldRetry` in openai/client), unless the server said otherwise with `x-should-retry`, which
 *   the SDK obeys too. By the time the error reaches here the SDK has already spent its `maxRetries` on it.
 * - An error event inside a stream (`data: {"error": ...}`, no HTTP status): retryable when its numeric `code` is a
 *   retryable status or its `type` is `server_error`.
 * - A connection that broke while a body was read (undici's `TypeError: terminated`...): retryable.
 * - Anything else: MODEL_CALL_FAILED, not retryable (nothing says it would go better the second time).
 * A `ModelCallError` is returned as it is.
 */
export function mapOpenaiCompatibleError(
  error: unknown,
  context: { provider: string; signal?: AbortSignal | undefined },
): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  const { provider } = context;
  if (context.signal?.aborted || error instanceof APIUserAbortError || isAbortError(error)) {
    return new ModelCallError('MODEL_ABORTED', `the call to ${provider} was aborted`, { cause: error });
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new ModelCallError('MODEL_TIMEOUT', `the call to ${provider} timed out`, {
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof APIConnectionError) {
    return new ModelCallError('MODEL_CALL_FAILED', `could not reach ${provider}: ${describe(error)}`, {
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof APIError) {
    if (error.status === undefined) {
      // Typed as a string, but vLLM and llama.cpp send the HTTP status they would have used as a number.
      const code = /^\d{3}$/.test(String(error.code)) ? Number(error.code) : undefined;
      return new ModelCallError('MODEL_CALL_FAILED', `${provider} reported an error in the stream: ${error.message}`, {
        isRetryable: code === undefined ? error.type === 'server_error' : isRetryableStatus(code),
        cause: error,
      });
    }
    const told = error.headers?.get('x-should-retry');
    return new ModelCallError('MODEL_CALL_FAILED', `${provider} answered ${error.message}`, {
      status: error.status,
      isRetryable: told === 'true' ? true : told === 'false' ? false : isRetryableStatus(error.status),
      cause: error,
    });
  }
  if (isConnectionFailure(error)) {
    return new ModelCallError('MODEL_CALL_FAILED', `the connection to ${provider} broke: ${describe(error)}`, {
      isRetryable: true,
      cause: error,
    });
  }
  return new ModelCallError('MODEL_CALL_FAILED', `the call to ${provider} failed: ${describe(error)}`, {
    cause: error,
  });
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function isConnectionFailure(error: unknown): boolean {
  let current: unknown = error;
  // A few levels suffice (TypeError -> SocketError); the bound guards against a cause cycle.
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code: unknown = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    if (current.name === 'TypeError' && (current.message === 'terminated' || current.message === 'fetch failed')) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The message, with the underlying cause of a connection error (`fetch failed` alone says nothing). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
}
