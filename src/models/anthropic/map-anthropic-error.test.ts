import {
  AnthropicError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { mapAnthropicError } from './map-anthropic-error.js';

/** An API error as the SDK builds it from an HTTP error response. */
function httpError(status: number, type: string, headers: Record<string, string> = {}): APIError {
  const body = { type: 'error', error: { type, message: `${type} happened` } };
  return APIError.generate(status, body, undefined, new Headers(headers));
}

describe('mapAnthropicError', () => {
  it.each([
    [408, 'timeout_error', true],
    [409, 'conflict_error', true],
    [429, 'rate_limit_error', true],
    [500, 'api_error', true],
    [503, 'api_error', true],
    [529, 'overloaded_error', true],
    [400, 'invalid_request_error', false],
    [401, 'authentication_error', false],
    [403, 'permission_error', false],
    [404, 'not_found_error', false],
    [413, 'request_too_large', false],
  ])('maps HTTP %i (%s) to MODEL_CALL_FAILED with the status, retryable: %s', (status, type, retryable) => {
    const cause = httpError(status, type);
    const error = mapAnthropicError(cause);
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status, isRetryable: retryable, cause });
    expect(error.message).toBe(`the Anthropic API answered an error (${status}, ${type}): ${type} happened`);
  });

  it("follows the server's x-should-retry header over the status, as the SDK does", () => {
    expect(mapAnthropicError(httpError(400, 'invalid_request_error', { 'x-should-retry': 'true' })).isRetryable).toBe(
      true,
    );
    expect(mapAnthropicError(httpError(529, 'overloaded_error', { 'x-should-retry': 'false' })).isRetryable).toBe(
      false,
    );
  });

  it('maps an error event inside a stream by its type, with no status', () => {
    const overloaded = new APIError(
      undefined,
      { type: 'error', error: { type: 'overloaded_error', message: 'busy' } },
      undefined,
      undefined,
      'overloaded_error',
    );
    expect(mapAnthropicError(overloaded)).toMatchObject({
      code: 'MODEL_CALL_FAILED',
      status: undefined,
      isRetryable: true,
      message: 'the Anthropic API answered an error (in the stream, overloaded_error): busy',
    });
    const invalid = new APIError(
      undefined,
      { type: 'error', error: { type: 'invalid_request_error', message: 'no' } },
      undefined,
      undefined,
      'invalid_request_error',
    );
    expect(mapAnthropicError(invalid).isRetryable).toBe(false);
  });

  it('maps the SDK abort error, an AbortError, and anything once the signal is aborted to MODEL_ABORTED', () => {
    const abort = new APIUserAbortError();
    expect(mapAnthropicError(abort)).toMatchObject({ code: 'MODEL_ABORTED', isRetryable: false, cause: abort });
    expect(mapAnthropicError(new DOMException('This operation was aborted', 'AbortError')).code).toBe('MODEL_ABORTED');
    const controller = new AbortController();
    controller.abort();
    expect(mapAnthropicError(httpError(529, 'overloaded_error'), controller.signal).code).toBe('MODEL_ABORTED');
    expect(mapAnthropicError(httpError(529, 'overloaded_error'), new AbortController().signal).code).toBe(
      'MODEL_CALL_FAILED',
    );
  });

  it('maps a timeout to MODEL_TIMEOUT and a connection failure to a retryable MODEL_CALL_FAILED', () => {
    expect(mapAnthropicError(new APIConnectionTimeoutError())).toMatchObject({
      code: 'MODEL_TIMEOUT',
      isRetryable: true,
    });
    const refused = new APIConnectionError({ cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    expect(mapAnthropicError(refused)).toMatchObject({
      code: 'MODEL_CALL_FAILED',
      status: undefined,
      isRetryable: true,
      message: 'cannot reach the Anthropic API: Connection error. (connect ECONNREFUSED 127.0.0.1:9)',
    });
  });

  it('maps a stream body that broke (undici: TypeError terminated, socket closed) to a retryable failure', () => {
    const socket = Object.assign(new Error('other side closed'), { name: 'SocketError', code: 'UND_ERR_SOCKET' });
    const terminated = new TypeError('terminated', { cause: socket });
    expect(mapAnthropicError(terminated)).toMatchObject({
      code: 'MODEL_CALL_FAILED',
      isRetryable: true,
      cause: terminated,
      message: 'the connection to the Anthropic API broke: terminated (other side closed)',
    });
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(mapAnthropicError(reset).isRetryable).toBe(true);
  });

  it('maps anything else to a MODEL_CALL_FAILED that is not retryable', () => {
    const sdk = new AnthropicError('Attempted to iterate over a response with no body');
    expect(mapAnthropicError(sdk)).toMatchObject({ code: 'MODEL_CALL_FAILED', isRetryable: false, cause: sdk });
    expect(mapAnthropicError(new SyntaxError('Unexpected token'))).toMatchObject({ isRetryable: false });
    expect(mapAnthropicError(new TypeError('x is not a function'))).toMatchObject({ isRetryable: false });
    expect(mapAnthropicError('a string')).toMatchObject({ message: 'the Anthropic call failed: a string' });
  });

  it('returns a ModelCallError as it is', () => {
    const error = new ModelCallError('MODEL_TIMEOUT', 'slow', { isRetryable: true });
    expect(mapAnthropicError(error)).toBe(error);
  });
});
