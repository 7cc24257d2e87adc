import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import type { ClaudeCliFailure } from './claude-cli-failure.js';
import { mapClaudeCliError } from './map-claude-cli-error.js';

const failure = (fields: Partial<ClaudeCliFailure>): ClaudeCliFailure => ({
  kind: 'exit-code',
  detail: 'exited with code 1',
  exitCode: 1,
  status: undefined,
  apiError: undefined,
  ...fields,
});

describe('mapClaudeCliError', () => {
  it('names the attempt, the kind and the detail', () => {
    const error = mapClaudeCliError(failure({}), { attempt: 'claude CLI extraction' });
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error.message).toBe('claude CLI extraction failed: exit-code: exited with code 1');
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', isRetryable: false, status: undefined });
  });

  it('tells a timeout and an abort apart from other failures', () => {
    expect(mapClaudeCliError(failure({ kind: 'timeout' }), { attempt: 'x' })).toMatchObject({
      code: 'MODEL_TIMEOUT',
      isRetryable: true,
    });
    expect(mapClaudeCliError(failure({ kind: 'aborted' }), { attempt: 'x' })).toMatchObject({
      code: 'MODEL_ABORTED',
      isRetryable: false,
    });
  });

  it.each([
    [429, undefined, true],
    [529, undefined, true],
    [500, undefined, true],
    [408, undefined, true],
    [401, undefined, false],
    [400, undefined, false],
    [undefined, 'rate_limit', true],
    [undefined, 'server_error', true],
    [undefined, 'authentication_failed', false],
    [undefined, 'billing_error', false],
  ])('status %s, API error %s: retryable %s', (status, apiError, retryable) => {
    const error = mapClaudeCliError(failure({ kind: 'error-result', status, apiError }), { attempt: 'x' });
    expect(error.isRetryable).toBe(retryable);
    expect(error.status).toBe(status);
  });

  it('includes the earlier failure a fallback stood in for, and keeps its cause', () => {
    const cause = new Error('ENOENT');
    const error = mapClaudeCliError(failure({ kind: 'error-result', detail: 'Not logged in' }), {
      attempt: 'fallback',
      earlier: { attempt: 'resume', failure: failure({ kind: 'spawn-failed', detail: 'no cwd', cause }) },
    });
    expect(error.message).toBe(
      'fallback failed: error-result: Not logged in (after resume failed: spawn-failed: no cwd)',
    );
    expect(error.cause).toBe(cause);
  });
});
