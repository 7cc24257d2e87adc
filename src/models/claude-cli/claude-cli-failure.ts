/**
 * Why one `claude -p` run gave no usable reply. Every kind but `aborted` makes a resume fall back to a fresh call.
 * - `spawn-failed`: the process never ran (no such command or cwd).
 * - `session-not-found`: "No conversation found with session ID" (the transcript is gone, or in another cwd or
 *   config dir).
 * - `invalid-session`: the CLI refused the session id ("not a UUID", "requires a valid session ID", already in use).
 * - `error-result`: a `result` event with `is_error` or an error subtype ("Not logged in", a billing message).
 * - `malformed-stream`: a line that is not a stream-json event, or an event in an unexpected shape.
 * - `unknown-event`: an event type memstack does not know.
 * - `no-result`: the run ended without a `result` event.
 * - `exit-code`: a non-zero exit code.
 * - `timeout`: no result within the time limit; the process group was killed.
 * - `aborted`: the caller's signal fired; the process group was killed.
 */
export type ClaudeCliFailureKind =
  | 'spawn-failed'
  | 'session-not-found'
  | 'invalid-session'
  | 'error-result'
  | 'malformed-stream'
  | 'unknown-event'
  | 'no-result'
  | 'exit-code'
  | 'timeout'
  | 'aborted';

export interface ClaudeCliFailure {
  kind: ClaudeCliFailureKind;
  /** What went wrong, from the CLI's own words where it gave any. Never contains the prompt. */
  detail: string;
  exitCode: number | null;
  /** The HTTP status of the API error behind an error result, when the CLI reported one. */
  status: number | undefined;
  /** The kind of API error the CLI reported (`rate_limit`, `authentication_failed`...), if any. */
  apiError: string | undefined;
  cause?: unknown;
}
