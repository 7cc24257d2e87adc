/** The wire format of a proxied route: its clients expect errors in that API's own shape. */
export type ApiFormat = 'anthropic' | 'openai';

/** What went wrong, in the proxy's words; each maps to a status and to each API's error type. */
export type ApiErrorKind =
  | 'invalid-request'
  | 'authentication'
  | 'forbidden'
  | 'not-found'
  | 'too-large'
  | 'unsupported-media-type'
  | 'unreachable'
  | 'timeout'
  | 'internal';

const KINDS: Record<ApiErrorKind, { status: number; anthropic: string; openai: string }> = {
  'invalid-request': { status: 400, anthropic: 'invalid_request_error', openai: 'invalid_request_error' },
  authentication: { status: 401, anthropic: 'authentication_error', openai: 'authentication_error' },
  forbidden: { status: 403, anthropic: 'permission_error', openai: 'permission_error' },
  'not-found': { status: 404, anthropic: 'not_found_error', openai: 'not_found_error' },
  'too-large': { status: 413, anthropic: 'request_too_large', openai: 'invalid_request_error' },
  'unsupported-media-type': { status: 415, anthropic: 'invalid_request_error', openai: 'invalid_request_error' },
  unreachable: { status: 502, anthropic: 'api_error', openai: 'api_error' },
  timeout: { status: 504, anthropic: 'timeout_error', openai: 'timeout_error' },
  internal: { status: 500, anthropic: 'api_error', openai: 'server_error' },
};

/** The JSON body of an error in the API's own shape: Anthropic's `{type:'error',error}`, OpenAI's `{error}`. */
export function apiErrorBody(format: ApiFormat, kind: ApiErrorKind, message: string): Record<string, unknown> {
  const text = `memstack: ${message}`;
  if (format === 'anthropic') return { type: 'error', error: { type: KINDS[kind].anthropic, message: text } };
  return { error: { message: text, type: KINDS[kind].openai, param: null, code: null } };
}

/**
 * An error the proxy itself answers, in the API's own shape and status, with the `x-memstack` header saying so, so
 * that the official SDKs raise their typed errors (and retry a 502 or 504, as they retry any 5xx).
 */
export function apiErrorResponse(
  format: ApiFormat,
  kind: ApiErrorKind,
  message: string,
  memstack: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(apiErrorBody(format, kind, message)), {
    status: KINDS[kind].status,
    headers: { ...headers, 'content-type': 'application/json', 'x-memstack': memstack },
  });
}

/**
 * The event that ends a stream the proxy had to cut (an upstream that went idle): Anthropic's `error` event, or
 * OpenAI's `data: {"error": ...}` chunk, which its SDK raises as an `APIError`.
 */
export function apiErrorEvent(format: ApiFormat, kind: ApiErrorKind, message: string): string {
  const data = JSON.stringify(apiErrorBody(format, kind, message));
  return format === 'anthropic' ? `event: error\ndata: ${data}\n\n` : `data: ${data}\n\n`;
}
