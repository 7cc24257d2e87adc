import { z } from 'zod';
import type { SentPrompt, TurnTrace } from '../../spec/turn-trace.js';
import type { WireFormatName } from '../../spec/wire-format.js';

const count = z.number().nonnegative();
const traceSchema = z.object({
  via: z.enum(['prepare', 'decorate']),
  factsSource: z.enum(['relevance', 'recency']),
  facts: z.array(z.object({ id: z.number().int(), text: z.string(), score: z.number().nullable() })),
  recalled: z.array(z.number().int()),
  tokens: z.object({
    system: count,
    pin: count,
    summary: count,
    recap: count,
    facts: count,
    recalled: count,
    history: count,
    message: count,
    total: count,
    memoryShare: count,
  }),
  usageSource: z.enum(['provider', 'estimate']),
  steps: z.number().int().positive(),
  droppedBreakpoints: z.array(z.enum(['pin', 'history'])),
});

const sentSchema = z.object({
  format: z.string(),
  system: z.unknown(),
  earlierMessages: z.number().int().nonnegative(),
  current: z.array(z.unknown()),
});

/**
 * A stored trace's JSON as a trace, or null when it does not parse (written by another version, or damaged): a
 * tool shows no trace rather than a wrong one.
 */
export function parseTurnTrace(json: string | null): TurnTrace | null {
  return json === null ? null : (traceSchema.safeParse(safeJson(json)).data ?? null);
}

/**
 * A stored request (`serializeSentPrompt`'s JSON texts) as a `SentPrompt`, or null when it does not parse. `isFormat`
 * tells the formats this version reads (`isWireFormatName`: the wire table, so a new format needs no edit here); a
 * request of another format (written by another version) is shown as none.
 */
export function parseSentPrompt(
  stored: { format: string; system: string | null; earlierMessages: number; current: string },
  isFormat: (name: string) => name is WireFormatName,
): SentPrompt | null {
  const parsed = sentSchema.safeParse({
    format: stored.format,
    system: stored.system === null ? null : safeJson(stored.system),
    earlierMessages: stored.earlierMessages,
    current: safeJson(stored.current),
  });
  if (!parsed.success) return null;
  const { format, ...rest } = parsed.data;
  return isFormat(format) ? { ...rest, format, system: rest.system ?? null } : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
