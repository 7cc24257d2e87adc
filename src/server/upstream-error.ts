import { ModelCallError } from '../index.js';
import { type ApiFormat, apiErrorEvent, apiErrorResponse } from './api-error.js';

/** A failed upstream call as the proxy tells it: 504 after its timeout, 502 otherwise (unreachable, broken off). */
function describe(error: unknown): { kind: 'timeout' | 'unreachable'; message: string } {
  const timeout = ModelCallError.isInstance(error) && error.code === 'MODEL_TIMEOUT';
  const message = ModelCallError.isInstance(error) ? error.message : 'the upstream could not be reached';
  return { kind: timeout ? 'timeout' : 'unreachable', message };
}

/** The answer to a call whose upstream gave no response, in the API's own error shape (`x-memstack: upstream-*`). */
export function upstreamErrorResponse(format: ApiFormat, error: unknown): Response {
  const { kind, message } = describe(error);
  return apiErrorResponse(format, kind, message, `upstream-${kind}`);
}

/** The event that ends a stream whose upstream went silent or broke off, in the API's own shape. */
export function upstreamErrorEvent(format: ApiFormat, error: unknown): string {
  const { kind, message } = describe(error);
  return apiErrorEvent(format, kind, message);
}
