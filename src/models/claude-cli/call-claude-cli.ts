import type { Usage } from '../../spec/usage.js';
import type { ClaudeCliFailure, ClaudeCliFailureKind } from './claude-cli-failure.js';
import { type ClaudeStreamResult, parseClaudeStreamJson } from './parse-claude-stream-json.js';
import { type ClaudeProcessOptions, type ClaudeProcessOutcome, runClaudeProcess } from './run-claude-process.js';

/** What to run: the process options (`graceMs` is shortened by tests), and where to stream the reply's text. */
export interface ClaudeCliCall extends Omit<ClaudeProcessOptions, 'onLine'> {
  onText?: ((delta: string) => void) | undefined;
}

export type ClaudeCliCallResult =
  | { ok: true; text: string; usage: Usage | undefined }
  | { ok: false; failure: ClaudeCliFailure };

const SESSION_NOT_FOUND = /No conversation found/i;
const INVALID_SESSION = /not a UUID|requires a valid session ID|Invalid session ID|is already in use/i;

/**
 * One `claude -p --output-format stream-json` run: streams the main conversation's assistant text to `onText` as it
 * arrives and returns the `result` event's reply, or says why there is no usable reply. An `is_error` result is a
 * failure whatever its text says, and so is anything the stream-json parser does not recognise (the process is
 * killed at the first such line, so nothing after it is streamed). Rejects only when `onText` throws.
 */
export async function callClaudeCli(call: ClaudeCliCall): Promise<ClaudeCliCallResult> {
  let result: ClaudeStreamResult | undefined;
  let problem: { kind: ClaudeCliFailureKind; detail: string } | undefined;
  let apiError: string | undefined;
  let callbackError: { error: unknown } | undefined;
  const streamed: string[] = [];

  const { onText, ...options } = call;
  const outcome = await runClaudeProcess({
    ...options,
    onLine(line) {
      const event = parseClaudeStreamJson(line);
      switch (event.kind) {
        case 'invalid':
          problem = { kind: 'malformed-stream', detail: `malformed stream-json: ${event.reason}` };
          return 'stop';
        case 'unknown':
          problem = { kind: 'unknown-event', detail: `unknown stream-json event type "${event.type}"` };
          return 'stop';
        case 'api-error':
          apiError = event.error;
          return 'continue';
        case 'text':
          if (result !== undefined) return 'continue';
          streamed.push(event.text);
          try {
            onText?.(event.text);
          } catch (error) {
            callbackError = { error };
            return 'stop';
          }
          return 'continue';
        case 'result':
          result ??= event.result;
          return 'complete';
        default:
          return 'continue';
      }
    },
  });
  if (callbackError) throw callbackError.error;

  const fail = (kind: ClaudeCliFailureKind, detail: string, cause?: unknown): ClaudeCliCallResult => ({
    ok: false,
    failure: {
      kind,
      detail,
      exitCode: outcome.exitCode,
      status: result?.apiErrorStatus,
      apiError,
      ...(cause === undefined ? {} : { cause }),
    },
  });

  if (outcome.ending === 'aborted') return fail('aborted', 'the call was aborted');
  if (outcome.ending === 'spawn-failed') {
    return fail(
      'spawn-failed',
      `could not start "${call.command}": ${outcome.spawnError?.message}`,
      outcome.spawnError,
    );
  }
  if (problem) return fail(problem.kind, problem.detail);

  const exitedBadly = outcome.ending === 'exited' && outcome.exitCode !== 0;
  if (result !== undefined && !result.isError && result.subtype === 'success' && !exitedBadly) {
    // The result is whole: a process that lingered after it (or past the timeout) changes nothing.
    return { ok: true, text: result.text ?? streamed.join(''), usage: result.usage };
  }

  // The CLI reports a bad session on stderr and in the errors of an error result.
  const said = [outcome.stderr, ...(result?.errors ?? []), result?.isError ? (result.text ?? '') : ''];
  const notFound = firstLineMatching(said, SESSION_NOT_FOUND);
  if (notFound !== undefined) return fail('session-not-found', notFound);
  const invalidSession = firstLineMatching(said, INVALID_SESSION);
  if (invalidSession !== undefined) return fail('invalid-session', invalidSession);

  if (result !== undefined && (result.isError || result.subtype !== 'success')) {
    return fail('error-result', errorResultDetail(result));
  }
  if (exitedBadly) return fail('exit-code', exitDetail(outcome));
  if (outcome.ending === 'timeout') return fail('timeout', `no result within ${call.timeoutMs} ms`);
  return fail('no-result', 'the run ended without a result event');
}

function firstLineMatching(texts: readonly string[], pattern: RegExp): string | undefined {
  for (const text of texts) {
    const line = text.split('\n').find((candidate) => pattern.test(candidate));
    if (line !== undefined) return clip(line.trim());
  }
  return undefined;
}

function errorResultDetail(result: ClaudeStreamResult): string {
  const said = [result.text ?? '', ...result.errors].map((text) => text.trim()).filter(Boolean);
  const status = result.apiErrorStatus === undefined ? '' : `, status ${result.apiErrorStatus}`;
  return clip(`error result (${result.subtype}${status})${said.length > 0 ? `: ${said.join('; ')}` : ''}`);
}

function exitDetail(outcome: ClaudeProcessOutcome): string {
  const code = outcome.exitCode === null ? 'a signal' : `code ${outcome.exitCode}`;
  const stderr = outcome.stderr.trim();
  return clip(`exited with ${code}${stderr === '' ? '' : `: ${stderr}`}`);
}

// Error messages carry the CLI's diagnosis, not pages of it.
function clip(text: string): string {
  return text.length <= 500 ? text : `${text.slice(0, 500)}…`;
}
