import type { SentPrompt, StoredSentPrompt } from '../../spec/turn-trace.js';
import { sha256, toBase64url } from '../text/sha256.js';

/** Base64 payloads longer than this (images, PDFs, audio) are not kept: a note of their length stands in for them. */
const KEPT_PAYLOAD_CHARS = 1024;
const BASE64 = /^[A-Za-z0-9+/=_-]+$/;
const DATA_URI = /^data:[^,]{0,200};base64,/;

/**
 * A request as sent, as a store keeps it: JSON texts, the system prompt's hash (a session repeats it turn after turn,
 * so a store keeps it once), and every large binary payload replaced by `[N characters of base64 not kept]`: a
 * screenshot a turn sends is megabytes the inspector has no use for, and would be kept once per turn.
 */
export function serializeSentPrompt(sent: SentPrompt): StoredSentPrompt {
  const system = JSON.stringify(sent.system ?? null, dropPayloads) ?? 'null';
  return {
    format: sent.format,
    system,
    systemHash: toBase64url(sha256(system)),
    earlierMessages: sent.earlierMessages,
    current: JSON.stringify(sent.current, dropPayloads) ?? '[]',
  };
}

function dropPayloads(_key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes not kept]`;
  // Buffer's toJSON has run by now: { type: 'Buffer', data: [...] }.
  if (isBufferJson(value)) return `[${value.data.length} bytes not kept]`;
  if (typeof value !== 'string' || value.length <= KEPT_PAYLOAD_CHARS) return value;
  const payload = DATA_URI.exec(value);
  const body = payload ? value.slice(payload[0].length) : value;
  if (!BASE64.test(body)) return value;
  return `${payload ? payload[0] : ''}[${body.length} characters of base64 not kept]`;
}

function isBufferJson(value: unknown): value is { type: 'Buffer'; data: unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  );
}
