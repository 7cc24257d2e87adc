import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { ModelCallError } from '../../spec/errors/model-call-error.js';

// Error types the API sends inside a stream (status 200 already sent) that a later attempt may not hit again.
const RETRYABLE_ERROR_TYPES = new Set(['rate_limit_error', 'overloaded_error', 'api_error', 'timeout_error']);

// Codes of a connection that dropped or never opened (undici and Node sockets): the body of a stream that stops
// mid-way surfaces as a bare `TypeError: terminated` with one of these as its cause, not as an SDK error.
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
 * An error of an Anthropic call as a `ModelCallError` (the original kept as `cause`). The caller's abort is
 * MODEL_ABORTED; a timeout MODEL_TIMEOUT; the rest MODEL_CALL_FAILED with the HTTP status. `isRetryable` follows
 * the SDK's own retry rule (the server's `x-should-retry`, else 408, 409, 429 and 5xx including 529 overloaded), so
 * it is true exactly for the failures the SDK would have retried, had it attempts left; and for a connection that
 * broke, and for retryable error types sent inside a stream.
 */
export function mapAnthropicError(error: unknown, signal?: AbortSignal): ModelCallError {
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
    return new ModelCallError('MODEL_CALL_FAILED', `cannot reach the Anthropic API: ${describe(error)}`, {
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
    return new ModelCallError('MODEL_CALL_FAILED', `the connection to the Anthropic API broke: ${describe(error)}`, {
      isRetryable: true,
      cause: error,
    });
  }
  return new ModelCallError('MODEL_CALL_FAILED', `the Anthropic call failed: ${describe(error)}`, { cause: error });
}

function isRetryableApiError(status: number | undefined, type: string | null, headers: Headers | undefined): boolean {
  const shouldRetry = headers?.get('x-should-retry');
  if (shouldRetry === 'true') return true;
  if (shouldRetry === 'false') return false;
  if (status === undefined) return type !== null && RETRYABLE_ERROR_TYPES.has(type);
  return status === 408 || status === 409 || status === 429 || status >= 500;
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

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
