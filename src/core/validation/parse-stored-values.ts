import { z } from 'zod';
import type { ChatPath, ModelSessionState } from '../../spec/chat-model.js';
import type { Clarification } from '../../spec/memory-store.js';
import type { CacheMissReason, Usage } from '../../spec/usage.js';

// What a store reads back from columns it does not control the contents of (a row edited by hand, a file written by
// an older version): checked, and read as nothing when it does not parse. Shared by every adapter.

const clarificationsSchema = z.array(
  z.object({
    text: z.string(),
    userId: z.string().nullable(),
    at: z.number().optional(),
    source: z.enum(['user', 'reply', 'api']).optional(),
  }),
);
const modelStateSchema = z.record(z.string(), z.record(z.string(), z.unknown()));
// Enumerations are checked against a set, not a schema: a turn's are read for every turn of a session read (each
// `prepare`), and a failed `safeParse` (a null column) builds an error object each time.
const CHAT_PATHS: ReadonlySet<string> = new Set([
  'api',
  'new-handle',
  'resumed',
  'fallback-history',
] satisfies ChatPath[]);
const CACHE_MISSES: ReadonlySet<string> = new Set([
  'cold',
  'pin-changed',
  'summary-changed',
  'facts-changed',
  'history-changed',
  'layout-changed',
] satisfies CacheMissReason[]);

/** A pin's clarifications (parsed JSON): what does not parse reads as none. */
export function parseStoredClarifications(value: unknown): Clarification[] {
  return clarificationsSchema.safeParse(value).data ?? [];
}

/** Where a pin's task came from (`PinState.taskSource`); undefined when not recorded or unknown. */
export function parseStoredTaskSource(value: unknown): 'user' | 'api' | undefined {
  return value === 'user' || value === 'api' ? value : undefined;
}

/** What each chat model keeps for a session (parsed JSON): what does not parse reads as nothing kept. */
export function parseStoredModelState(value: unknown): Readonly<Record<string, ModelSessionState>> {
  return (modelStateSchema.safeParse(value).data ?? {}) as Readonly<Record<string, ModelSessionState>>;
}

/** Why a reply's request missed the prompt cache; null when it did not, or when not recorded or unknown. */
export function parseStoredCacheMiss(value: unknown): CacheMissReason | null {
  return typeof value === 'string' && CACHE_MISSES.has(value) ? (value as CacheMissReason) : null;
}

/** How a reply reached the model; null when not recorded or unknown. */
export function parseStoredChatPath(value: unknown): ChatPath | null {
  return typeof value === 'string' && CHAT_PATHS.has(value) ? (value as ChatPath) : null;
}

/** The usage columns of a turn as a `Usage`, only the fields that were recorded; null when none was. */
export function usageFromColumns(columns: {
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
}): Usage | null {
  const usage: Usage = {};
  if (columns.input_tokens !== null) usage.inputTokens = columns.input_tokens;
  if (columns.output_tokens !== null) usage.outputTokens = columns.output_tokens;
  if (columns.cache_read_tokens !== null) usage.cacheReadInputTokens = columns.cache_read_tokens;
  if (columns.cache_write_tokens !== null) usage.cacheCreationInputTokens = columns.cache_write_tokens;
  return Object.keys(usage).length > 0 ? usage : null;
}
