import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  BadRequestError,
  RateLimitError,
} from 'openai';
import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { mapOpenaiCompatibleError } from './map-openai-compatible-error.js';

const context = { provider: 'ollama' };
const httpError = (status: number, message: string, headers: Record<string, string> = {}): APIError =>
  APIError.generate(status, { error: { message, type: 'x' } }, undefined, new Headers(headers));

describe('mapOpenaiCompatibleError', () => {
  it('marks exactly the statuses the SDK retries as retryable, keeping the status and the cause', () => {
    const retryable = [408, 409, 429, 500, 502, 503, 504].map((status) => {
      const error = mapOpenaiCompatibleError(httpError(status, 'busy'), context);
      expect(error.code).toBe('MODEL_CALL_FAILED');
      expect(error.status).toBe(status);
      return error.isRetryable;
    });
    expect(retryable.every(Boolean)).toBe(true);
    const final = [400, 401, 403, 404, 422].map((status) => mapOpenaiCompatibleError(httpError(status, 'no'), context));
    expect(final.map((error) => error.isRetryable)).toEqual([false, false, false, false, false]);
    expect(final.map((error) => error.status)).toEqual([400, 401, 403, 404, 422]);
  });

  it('says which provider answered what, and keeps the SDK error as cause', () => {
    const cause = httpError(429, 'Rate limit reached for requests');
    expect(cause).toBeInstanceOf(RateLimitError);
    const error = mapOpenaiCompatibleError(cause, context);
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.message).toBe('ollama answered 429 Rate limit reached for requests');
    expect(error.cause).toBe(cause);
  });

  it('obeys x-should-retry as the SDK does', () => {
    expect(mapOpenaiCompatibleError(httpError(400, 'odd', { 'x-should-retry': 'true' }), context).isRetryable).toBe(
      true,
    );
    expect(mapOpenaiCompatibleError(httpError(503, 'down', { 'x-should-retry': 'false' }), context).isRetryable).toBe(
      false,
    );
  });

  it('maps the caller aborting to MODEL_ABORTED, whatever the SDK threw', () => {
    const controller = new AbortController();
    controller.abort();
    expect(mapOpenaiCompatibleError(new APIUserAbortError(), context).code).toBe('MODEL_ABORTED');
    const whileReading = mapOpenaiCompatibleError(new TypeError('terminated'), {
      ...context,
      signal: controller.signal,
    });
    expect(whileReading.code).toBe('MODEL_ABORTED');
    expect(whileReading.isRetryable).toBe(false);
    expect(mapOpenaiCompatibleError(new DOMException('This operation was aborted', 'AbortError'), context).code).toBe(
      'MODEL_ABORTED',
    );
  });

  it('maps timeouts to MODEL_TIMEOUT and other connection failures to a retryable failure', () => {
    const timeout = mapOpenaiCompatibleError(new APIConnectionTimeoutError(), context);
    expect([timeout.code, timeout.isRetryable]).toEqual(['MODEL_TIMEOUT', true]);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), { code: 'ECONNREFUSED' });
    const connection = mapOpenaiCompatibleError(
      new APIConnectionError({ message: 'Connection error.', cause: refused }),
      context,
    );
    expect([connection.code, connection.isRetryable, connection.status]).toEqual([
      'MODEL_CALL_FAILED',
      true,
      undefined,
    ]);
    expect(connection.message).toContain('ECONNREFUSED');
  });

  it('treats a body that broke off (undici terminated) as a retryable connection failure', () => {
    const socket = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const error = mapOpenaiCompatibleError(new TypeError('terminated', { cause: socket }), context);
    expect([error.code, error.isRetryable]).toEqual(['MODEL_CALL_FAILED', true]);
  });

  it('reads the retryability of an error event inside a stream from its code or type', () => {
    const inStream = (body: Record<string, unknown>): ModelCallError =>
      mapOpenaiCompatibleError(new APIError(undefined, body, undefined, new Headers()), context);
    expect(inStream({ message: 'overloaded', code: 503 }).isRetryable).toBe(true);
    expect(inStream({ message: 'bad grammar', code: 400 }).isRetryable).toBe(false);
    expect(inStream({ message: 'boom', type: 'server_error', code: null }).isRetryable).toBe(true);
    expect(inStream({ message: 'nope', type: 'invalid_request_error', code: null }).isRetryable).toBe(false);
    expect(inStream({ message: 'boom', code: 500 }).status).toBeUndefined();
  });

  it('does not call an unknown error retryable', () => {
    const error = mapOpenaiCompatibleError(new RangeError('a bug'), context);
    expect([error.code, error.isRetryable]).toEqual(['MODEL_CALL_FAILED', false]);
    expect(mapOpenaiCompatibleError('a string', context).message).toContain('a string');
  });

  it('returns a ModelCallError as it is', () => {
    const original = new ModelCallError('MODEL_TIMEOUT', 'late', { isRetryable: true });
    expect(mapOpenaiCompatibleError(original, context)).toBe(original);
  });

  it('recognises the SDK error classes it maps from', () => {
    // Guards the instanceof checks above against the SDK renaming or re-parenting its classes.
    expect(httpError(400, 'x')).toBeInstanceOf(BadRequestError);
    expect(new APIConnectionTimeoutError()).toBeInstanceOf(APIConnectionError);
  });
});
