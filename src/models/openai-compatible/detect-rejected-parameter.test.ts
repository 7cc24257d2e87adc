import { APIConnectionError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { detectRejectedParameter } from './detect-rejected-parameter.js';

const httpError = (status: number, body: Record<string, unknown>): APIError =>
  APIError.generate(status, { error: body }, undefined, new Headers());

describe('detectRejectedParameter', () => {
  it('recognises the reasoning models refusing max_tokens', () => {
    const error = httpError(400, {
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    });
    expect(detectRejectedParameter(error)).toBe('max_tokens');
  });

  it('recognises a server refusing stream_options, by message or by param, with 400 or 422', () => {
    expect(
      detectRejectedParameter(
        httpError(400, {
          message: 'Unrecognized request argument supplied: stream_options',
          type: 'invalid_request_error',
        }),
      ),
    ).toBe('stream_options');
    expect(
      detectRejectedParameter(httpError(422, { message: 'Extra inputs are not permitted', param: 'stream_options' })),
    ).toBe('stream_options');
    expect(detectRejectedParameter(httpError(400, { message: 'unknown field include_usage' }))).toBe('stream_options');
  });

  it('leaves ordinary bad requests alone, including a max_tokens that is merely too large', () => {
    expect(
      detectRejectedParameter(
        httpError(400, {
          message:
            "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (max_tokens).",
          param: 'max_tokens',
        }),
      ),
    ).toBeUndefined();
    expect(detectRejectedParameter(httpError(404, { message: 'model "llama9" not found, try pulling it first' }))).toBe(
      undefined,
    );
  });

  it('only looks at 400 and 422 API errors', () => {
    expect(detectRejectedParameter(httpError(500, { message: 'stream_options broke the server' }))).toBeUndefined();
    expect(detectRejectedParameter(new APIConnectionError({ message: 'stream_options' }))).toBeUndefined();
    expect(detectRejectedParameter(new Error('max_completion_tokens'))).toBeUndefined();
  });
});
