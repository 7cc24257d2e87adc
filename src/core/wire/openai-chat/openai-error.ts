import type { ApiErrorKind } from '../../../spec/wire-format.js';

/** OpenAI's error types (Chat Completions and Responses share them). */
const OPENAI_ERROR_TYPES: Readonly<Record<ApiErrorKind, string>> = {
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
