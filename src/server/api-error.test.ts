import { describe, expect, it } from 'vitest';
import { apiErrorBody, apiErrorEvent, apiErrorResponse } from './api-error.js';

describe('apiErrorResponse', () => {
  it("answers in each API's own error shape, with its status and the x-memstack header", async () => {
    const anthropic = apiErrorResponse('anthropic', 'timeout', 'the upstream took too long', 'upstream-timeout');
    expect(anthropic.status).toBe(504);
    expect(anthropic.headers.get('x-memstack')).toBe('upstream-timeout');
    expect(await anthropic.json()).toEqual({
      type: 'error',
      error: { type: 'timeout_error', message: 'memstack: the upstream took too long' },
    });
    const openai = apiErrorResponse('openai', 'unreachable', 'no answer', 'upstream-unreachable');
    expect(openai.status).toBe(502);
    expect(await openai.json()).toEqual({
      error: { message: 'memstack: no answer', type: 'api_error', param: null, code: null },
    });
  });

  it('ends a stream with the API event its SDK raises', () => {
    expect(apiErrorEvent('anthropic', 'timeout', 'idle')).toBe(
      `event: error\ndata: ${JSON.stringify(apiErrorBody('anthropic', 'timeout', 'idle'))}\n\n`,
    );
    expect(apiErrorEvent('openai', 'timeout', 'idle')).toMatch(/^data: \{"error":\{/);
  });
});
