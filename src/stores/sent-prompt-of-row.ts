import { parseSentPrompt } from '../core/validation/parse-turn-trace.js';
import { isWireFormatName } from '../core/wire/wire-formats.js';
import type { SentPrompt } from '../spec/turn-trace.js';

/** A turn row's stored request as a `SentPrompt` (both stores keep the same columns), or null when it has none. */
export function sentPromptOfRow(row: {
  format: string | null;
  system: string | null;
  earlier_messages: number | null;
  current: string | null;
}): SentPrompt | null {
  if (row.format === null || row.current === null) return null;
  const stored = { format: row.format, system: row.system, earlierMessages: row.earlier_messages ?? 0 };
  return parseSentPrompt({ ...stored, current: row.current }, isWireFormatName);
}
