import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { describeError, isAbortError, isConnectionFailure, isRetryableStatus } from '../is-connection-failure.js';

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
  context: { provider: string; signal?: AbortSignal | undefined; baseURL?: string | undefined },
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
    const where = context.baseURL === undefined ? '' : ` at ${context.baseURL}`;
    return new ModelCallError('MODEL_CALL_FAILED', `could not reach ${provider}${where}: ${describeError(error)}`, {
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
    return new ModelCallError('MODEL_CALL_FAILED', `the connection to ${provider} broke: ${describeError(error)}`, {
      isRetryable: true,
      cause: error,
    });
  }
  return new ModelCallError('MODEL_CALL_FAILED', `the call to ${provider} failed: ${describeError(error)}`, {
    cause: error,
  });
}
