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

/** True for a connection that dropped or never opened, however the HTTP client wrapped it. Shared by the adapters. */
export function isConnectionFailure(error: unknown): boolean {
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

/** A DOM-style abort (fetch's, or a stream's), by name: such errors come from several realms. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The statuses an HTTP API call may succeed at on a later attempt. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The message, with the underlying cause of a connection error (`fetch failed` alone says nothing). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
}
