import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { describeError, isAbortError, isConnectionFailure, isRetryableStatus } from '../is-connection-failure.js';

// Error types the API sends inside a stream (status 200 already sent) that a later attempt may not hit again.
const RETRYABLE_ERROR_TYPES = new Set(['rate_limit_error', 'overloaded_error', 'api_error', 'timeout_error']);

/**
 * An error of an Anthropic call as a `ModelCallError` (the original kept as `cause`). The caller's abort is
 * MODEL_ABORTED; a timeout MODEL_TIMEOUT; the rest MODEL_CALL_FAILED with the HTTP status. `isRetryable` follows
 * the SDK's own retry rule (the server's `x-should-retry`, else 408, 409, 429 and 5xx including 529 overloaded), so
 * it is true exactly for the failures the SDK would have retried, had it attempts left; and for a connection that
 * broke, and for retryable error types sent inside a stream. A connection failure names `baseURL`, the server tried.
 */
export function mapAnthropicError(error: unknown, signal?: AbortSignal, baseURL?: string): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  // The signal decides, whatever the SDK made of it: a stream aborted mid-way ends quietly or as a broken body.
  if (signal?.aborted || error instanceof APIUserAbortError || isAbortError(error)) {
    return new ModelCallError('MODEL_ABORTED', 'the Anthropic call was aborted', { cause: error });
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new ModelCallError('MODEL_TIMEOUT', 'the Anthropic API did not answer in time', {
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof APIConnectionError) {
    const where = baseURL === undefined ? '' : ` at ${baseURL}`;
    return new ModelCallError('MODEL_CALL_FAILED', `cannot reach the Anthropic API${where}: ${describeError(error)}`, {
      isRetryable: true,
      cause: error,
    });
  }
  if (error instanceof APIError) {
    const status: number | undefined = error.status;
    const where = status === undefined ? 'in the stream' : String(status);
    const type = error.type ?? 'unknown_error';
    return new ModelCallError(
      'MODEL_CALL_FAILED',
      `the Anthropic API answered an error (${where}, ${type}): ${error.apiMessage ?? error.message}`,
      {
        ...(status === undefined ? {} : { status }),
        isRetryable: isRetryableApiError(status, error.type, error.headers),
        cause: error,
      },
    );
  }
  if (isConnectionFailure(error)) {
    return new ModelCallError(
      'MODEL_CALL_FAILED',
      `the connection to the Anthropic API broke: ${describeError(error)}`,
      {
        isRetryable: true,
        cause: error,
      },
    );
  }
  return new ModelCallError('MODEL_CALL_FAILED', `the Anthropic call failed: ${describeError(error)}`, {
    cause: error,
  });
}

function isRetryableApiError(status: number | undefined, type: string | null, headers: Headers | undefined): boolean {
  const shouldRetry = headers?.get('x-should-retry');
  if (shouldRetry === 'true') return true;
  if (shouldRetry === 'false') return false;
  if (status === undefined) return type !== null && RETRYABLE_ERROR_TYPES.has(type);
  return isRetryableStatus(status);
}
