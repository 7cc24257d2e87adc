import { z } from 'zod';
import type { Usage } from '../../spec/usage.js';
import { mapClaudeCliUsage } from './map-claude-cli-usage.js';

/** The final event of a `claude -p` run, reduced to what memstack reads. */
export interface ClaudeStreamResult {
  /** `success`, or an error subtype such as `error_during_execution`, `error_max_turns`. */
  subtype: string;
  isError: boolean;
  /** The reply (or, with `isError`, the error text). Null when the event has none. */
  text: string | null;
  /** The `errors` list of an error subtype. */
  errors: string[];
  usage: Usage | undefined;
  /** The HTTP status of the API error behind an `isError` result, when the CLI reports one. */
  apiErrorStatus: number | undefined;
}

/** One line of `--output-format stream-json`, as memstack understands it. */
export type ClaudeStreamEvent =
  /** `system` / `init`. Its `session_id` is deliberately not read: in resume mode it can be a throwaway id. */
  | { kind: 'init' }
  /** Text of an assistant message of the main conversation (not a subagent's). */
  | { kind: 'text'; text: string }
  /** A synthetic assistant message that reports an API error ("Not logged in", a billing message): never reply text. */
  | { kind: 'api-error'; error: string }
  | { kind: 'result'; result: ClaudeStreamResult }
  /** A known event memstack has no use for (tool results, retries, rate-limit notices...). */
  | { kind: 'ignored' }
  /** An event type memstack does not know: a protocol change it will not guess at. */
  | { kind: 'unknown'; type: string }
  /** Not JSON, not an event, or a known event type in an unexpected shape. */
  | { kind: 'invalid'; reason: string };

/**
 * Event types that claude-code 2.1.x writes in print mode with `--output-format stream-json --verbose`, besides
 * the ones read below. Any other type is reported as `unknown`.
 */
const IGNORED_TYPES = new Set([
  'user',
  'stream_event',
  'rate_limit_event',
  'keep_alive',
  'tool_progress',
  'tool_use_summary',
  'auth_status',
  'prompt_suggestion',
  'transcript_mirror',
  'control_request',
  'control_response',
  'control_cancel_request',
]);

const envelope = z.object({ type: z.string() });

const systemEvent = z.object({ type: z.literal('system'), subtype: z.string() });

const contentBlock = z.looseObject({ type: z.string() });
const textBlock = z.object({ type: z.literal('text'), text: z.string() });

const assistantEvent = z.object({
  type: z.literal('assistant'),
  message: z.object({ content: z.union([z.string(), z.array(contentBlock)]) }),
  // Set on the messages of a subagent (a Task tool call): not the reply to the user.
  parent_tool_use_id: z.string().nullish(),
  // Set on the synthetic message the CLI writes for an API error (`authentication_failed`, `billing_error`...).
  error: z.unknown().optional(),
});

const resultEvent = z.object({
  type: z.literal('result'),
  subtype: z.string(),
  is_error: z.boolean(),
  result: z.string().optional(),
  // Diagnostics only: a malformed list must not hide the failure it reports.
  errors: z.array(z.string()).optional().catch(undefined),
  usage: z.unknown().optional(),
  api_error_status: z.number().int().nullish().catch(undefined),
});

/**
 * Parses one stdout line of `claude -p --output-format stream-json --verbose`. The stream is untrusted input: every
 * field memstack reads is validated, and anything unexpected comes back as `invalid` with the reason.
 */
export function parseClaudeStreamJson(line: string): ClaudeStreamEvent {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid', reason: `not JSON: ${preview(line)}` };
  }
  const head = envelope.safeParse(value);
  if (!head.success) return { kind: 'invalid', reason: `not a stream-json event: ${preview(line)}` };
  switch (head.data.type) {
    case 'system': {
      const event = systemEvent.safeParse(value);
      if (!event.success) return { kind: 'invalid', reason: 'a system event without a subtype' };
      return event.data.subtype === 'init' ? { kind: 'init' } : { kind: 'ignored' };
    }
    case 'assistant':
      return readAssistant(value);
    case 'result':
      return readResult(value);
    default:
      if (IGNORED_TYPES.has(head.data.type)) return { kind: 'ignored' };
      return { kind: 'unknown', type: preview(head.data.type) };
  }
}

function readAssistant(value: unknown): ClaudeStreamEvent {
  const event = assistantEvent.safeParse(value);
  if (!event.success) return { kind: 'invalid', reason: 'an assistant event in an unexpected shape' };
  const { message, parent_tool_use_id, error } = event.data;
  if (error !== undefined && error !== null) {
    return { kind: 'api-error', error: typeof error === 'string' ? error : 'unknown' };
  }
  if (parent_tool_use_id) return { kind: 'ignored' };
  if (typeof message.content === 'string') return { kind: 'text', text: message.content };
  const texts: string[] = [];
  for (const block of message.content) {
    if (block.type !== 'text') continue;
    const text = textBlock.safeParse(block);
    if (!text.success) return { kind: 'invalid', reason: 'a text block without text' };
    texts.push(text.data.text);
  }
  return texts.length === 0 ? { kind: 'ignored' } : { kind: 'text', text: texts.join('') };
}

function readResult(value: unknown): ClaudeStreamEvent {
  const event = resultEvent.safeParse(value);
  if (!event.success) return { kind: 'invalid', reason: 'a result event in an unexpected shape' };
  const { subtype, is_error, result, errors, usage, api_error_status } = event.data;
  return {
    kind: 'result',
    result: {
      subtype,
      isError: is_error,
      text: result ?? null,
      errors: errors ?? [],
      usage: mapClaudeCliUsage(usage),
      apiErrorStatus: api_error_status ?? undefined,
    },
  };
}

// Enough of an odd line to recognise it in an error message, not a whole transcript.
function preview(text: string): string {
  return text.length <= 120 ? text : `${text.slice(0, 120)}…`;
}
