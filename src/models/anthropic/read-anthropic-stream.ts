import { z } from 'zod';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import type { Usage } from '../../spec/usage.js';
import { mapAnthropicError } from './map-anthropic-error.js';
import { mapAnthropicUsage } from './map-anthropic-usage.js';

// Only the events that carry what memstack keeps are checked; the others (content_block_start/stop, thinking or
// tool deltas, events the API adds later) are skipped.
const eventType = z.object({ type: z.string() });
const messageStart = z.object({ message: z.object({ usage: z.unknown().optional() }) });
const messageDelta = z.object({ usage: z.unknown().optional() });
const contentBlockDelta = z.object({ delta: z.looseObject({ type: z.string() }) });
const textDelta = z.object({ text: z.string() });

export interface StreamedReply {
  /** All the text deltas joined: exactly what `onText` received. */
  text: string;
  usage: Usage | undefined;
}

/** What one event means for the reply. */
type ReadEvent = { kind: 'usage'; report: unknown } | { kind: 'text'; text: string } | { kind: 'stop' } | null;

/**
 * Reads a Messages API event stream (the SDK's `Stream`: JSON-parsed, unchecked) into the reply text and usage,
 * calling `onText` with each text delta as it arrives. Only a stream that reached `message_stop` is a reply: one that
 * ends early (the SDK ends a stream quietly when it is aborted) or breaks is a `ModelCallError`, never partial text
 * returned as a success. An error thrown by `onText` is the caller's own and passes through unchanged.
 */
export async function readAnthropicStream(
  events: AsyncIterable<unknown>,
  options: { onText?: ((delta: string) => void) | undefined; signal?: AbortSignal | undefined } = {},
): Promise<StreamedReply> {
  const { onText, signal } = options;
  let text = '';
  const usageReports: unknown[] = [];
  let stopped = false;
  let callerError: { error: unknown } | undefined;
  try {
    for await (const raw of events) {
      // Events already buffered when the caller aborted are not theirs any more: stop (which closes the stream).
      if (signal?.aborted) break;
      const event = readEvent(raw);
      if (event === null) continue;
      if (event.kind === 'usage') usageReports.push(event.report);
      else if (event.kind === 'stop') stopped = true;
      else {
        text += event.text;
        try {
          onText?.(event.text);
        } catch (error) {
          callerError = { error };
          throw error;
        }
      }
    }
  } catch (error) {
    if (callerError) throw callerError.error;
    throw mapAnthropicError(error, signal);
  }
  if (signal?.aborted) throw mapAnthropicError(signal.reason, signal);
  if (!stopped) {
    // The connection closed cleanly but early (a proxy timing out, say): a transient failure worth another attempt.
    throw new ModelCallError('MODEL_CALL_FAILED', 'the Anthropic stream ended before message_stop', {
      isRetryable: true,
    });
  }
  return { text, usage: mapAnthropicUsage(...usageReports) };
}

function readEvent(raw: unknown): ReadEvent {
  const type = eventType.safeParse(raw);
  if (!type.success) return null;
  const malformed = (): never => {
    throw new ModelCallError('MODEL_CALL_FAILED', `the Anthropic stream sent a malformed ${type.data.type} event`);
  };
  switch (type.data.type) {
    case 'message_start': {
      const parsed = messageStart.safeParse(raw);
      return parsed.success ? { kind: 'usage', report: parsed.data.message.usage } : malformed();
    }
    case 'message_delta': {
      const parsed = messageDelta.safeParse(raw);
      return parsed.success ? { kind: 'usage', report: parsed.data.usage } : malformed();
    }
    case 'message_stop':
      return { kind: 'stop' };
    case 'content_block_delta': {
      const parsed = contentBlockDelta.safeParse(raw);
      if (!parsed.success) return malformed();
      if (parsed.data.delta.type !== 'text_delta') return null;
      const delta = textDelta.safeParse(parsed.data.delta);
      return delta.success ? { kind: 'text', text: delta.data.text } : malformed();
    }
    default:
      return null;
  }
}
