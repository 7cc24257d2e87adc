import { ModelCallError, type ModelCallErrorCode } from '../../spec/errors/model-call-error.js';
import { isRetryableStatus } from '../is-connection-failure.js';
import type { ClaudeCliFailure } from './claude-cli-failure.js';

const RETRYABLE_API_ERRORS = new Set(['rate_limit', 'server_error']);

/**
 * The `ModelCallError` for a failed `claude -p` run. `attempt` names the run ("resuming session …"); `earlier` is the
 * run it stood in for, when a fallback failed too (both are in the message; the earlier failure's cause is kept when
 * this one has none). Retryable: a timeout, and the API errors the CLI passes on for rate limits, overload and
 * server errors (429, 408, 409, 5xx, 529).
 */
export function mapClaudeCliError(
  failure: ClaudeCliFailure,
  context: { attempt: string; earlier?: { attempt: string; failure: ClaudeCliFailure } },
): ModelCallError {
  const code: ModelCallErrorCode =
    failure.kind === 'timeout' ? 'MODEL_TIMEOUT' : failure.kind === 'aborted' ? 'MODEL_ABORTED' : 'MODEL_CALL_FAILED';
  const earlier = context.earlier
    ? ` (after ${context.earlier.attempt} failed: ${describe(context.earlier.failure)})`
    : '';
  const cause = failure.cause ?? context.earlier?.failure.cause;
  return new ModelCallError(code, `${context.attempt} failed: ${describe(failure)}${earlier}`, {
    ...(failure.status === undefined ? {} : { status: failure.status }),
    isRetryable: isRetryable(failure),
    ...(cause === undefined ? {} : { cause }),
  });
}

function describe(failure: ClaudeCliFailure): string {
  return `${failure.kind}: ${failure.detail}`;
}

function isRetryable(failure: ClaudeCliFailure): boolean {
  if (failure.kind === 'timeout') return true;
  if (failure.apiError !== undefined && RETRYABLE_API_ERRORS.has(failure.apiError)) return true;
  const status = failure.status;
  return status !== undefined && isRetryableStatus(status);
}
