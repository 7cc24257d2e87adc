import { API_ERROR_STATUS, type ApiErrorKind, type WireFormatName, wireFormats } from '../wire.js';

/** The wire format of a proxied route: its clients expect errors in that API's own shape. */
export type ApiFormat = WireFormatName;
export type { ApiErrorKind };

/** The JSON body of an error in the API's own shape: Anthropic's `{type:'error',error}`, OpenAI's `{error}`. */
export function apiErrorBody(format: ApiFormat, kind: ApiErrorKind, message: string): Record<string, unknown> {
  return wireFormats[format].error(kind, `memstack: ${message}`).body;
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
    status: API_ERROR_STATUS[kind],
    headers: { ...headers, 'content-type': 'application/json', 'x-memstack': memstack },
  });
}

/**
 * The event that ends a stream the proxy had to cut (an upstream that went idle), in the API's own shape: one its SDK
 * raises as an error.
 */
export function apiErrorEvent(format: ApiFormat, kind: ApiErrorKind, message: string): string {
  return wireFormats[format].error(kind, `memstack: ${message}`).event;
}
