import type { ApiErrorKind } from '../../spec/wire-format.js';

/** The HTTP status of each error the proxy answers itself, the same in every API. */
export const API_ERROR_STATUS: Readonly<Record<ApiErrorKind, number>> = {
  'invalid-request': 400,
  authentication: 401,
  forbidden: 403,
  'not-found': 404,
  'too-large': 413,
  'unsupported-media-type': 415,
  unreachable: 502,
  timeout: 504,
  internal: 500,
};

/** OpenAI's error types (Chat Completions and Responses share them). */
export const OPENAI_ERROR_TYPES: Readonly<Record<ApiErrorKind, string>> = {
  'invalid-request': 'invalid_request_error',
  authentication: 'authentication_error',
  forbidden: 'permission_error',
  'not-found': 'not_found_error',
  'too-large': 'invalid_request_error',
  'unsupported-media-type': 'invalid_request_error',
  unreachable: 'api_error',
  timeout: 'timeout_error',
  internal: 'server_error',
};

/** OpenAI's error body, `{ error: { message, type, param, code } }`, and the stream chunk that carries it. */
export function openaiError(kind: ApiErrorKind, message: string): { body: Record<string, unknown>; event: string } {
  const body = { error: { message, type: OPENAI_ERROR_TYPES[kind], param: null, code: null } };
  return { body, event: `data: ${JSON.stringify(body)}\n\n` };
}
