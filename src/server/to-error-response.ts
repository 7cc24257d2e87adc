import { ConfigError, InvalidInputError, MemstackError, StoreError } from '../index.js';

export interface ErrorResponse {
  status: 400 | 404 | 500 | 501 | 503;
  body: { error: { code: string; message: string; argument?: string } };
}

/**
 * What an inspector request that failed answers: a typed error as its status and code, with its message (written for
 * people, and holding no stored text); anything else as a bare 500 that tells nothing of the server (no stack trace,
 * no driver message).
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (InvalidInputError.isInstance(error)) {
    const { code, message, argument } = error;
    return { status: code === 'NOT_FOUND' ? 404 : 400, body: { error: { code, message, argument } } };
  }
  if (ConfigError.isInstance(error)) {
    const status = error.code === 'NOT_SUPPORTED' ? 501 : error.code === 'STACK_CLOSED' ? 503 : 500;
    return { status, body: { error: { code: error.code, message: error.message } } };
  }
  if (StoreError.isInstance(error) && error.isRetryable) {
    return { status: 503, body: { error: { code: error.code, message: 'the database is busy: try again' } } };
  }
  const code = MemstackError.isInstance(error) ? error.code : 'INTERNAL';
  return { status: 500, body: { error: { code, message: 'the inspector failed to answer (see the server log)' } } };
}
