import type { PinState } from '../../spec/memory-store.js';
import { renderPin } from '../prompt/render-pin.js';
import { countGraphemes } from '../text/count-graphemes.js';
import { truncateGraphemes } from '../text/truncate-graphemes.js';

export interface PinLimits {
  /** Cap on the rendered pin, in grapheme clusters. */
  maxChars: number;
  /** Cap on one clarification when it is added. */
  clarificationMaxChars: number;
}

/** Below this, a clarification is not shortened further: it is dropped (oldest first) if the pin must shrink. */
const SHORTEST_CLARIFICATION = 40;
/** With less room than this beside the task, the newest answer would be a stub: the pin keeps the task alone. */
const SHORTEST_KEPT_ANSWER = 8;

/**
 * Appends the user's answer to the pin and keeps the pin under its cap. Over the cap the oldest clarifications are
 * shortened first, then dropped; the core task and the newest answer always stay. Repeating an answer is a no-op.
 */
export function appendClarification(
  pin: PinState,
  clarification: { text: string; userId: string | null; at?: number | undefined },
  limits: PinLimits,
): { pin: PinState; condensed: boolean } {
  const text = truncateGraphemes(clarification.text.trim(), limits.clarificationMaxChars);
  if (text === '' || pin.clarifications.some((existing) => existing.text === text)) return { pin, condensed: false };

  const clarifications = [...pin.clarifications, { ...clarification, text }];
  const next: PinState = { ...pin, clarifications };
  let condensed = false;
  while (countGraphemes(renderPin(next)) > limits.maxChars) {
    condensed = true;
    const older = clarifications.slice(0, -1);
    const longIndex = older.findIndex((item) => countGraphemes(item.text) > SHORTEST_CLARIFICATION);
    const long = clarifications[longIndex];
    if (longIndex >= 0 && long) {
      const target = Math.max(SHORTEST_CLARIFICATION, Math.floor(countGraphemes(long.text) / 2));
      clarifications[longIndex] = { ...long, text: truncateGraphemes(long.text, target) };
    } else if (older.length > 0) {
      clarifications.shift();
    } else {
      // Only the task and this answer are left: the answer gives way, never the task.
      const room = limits.maxChars - countGraphemes(renderPin({ ...pin, clarifications: [] })) - '\n[+] '.length;
      const newest = clarifications[0];
      if (!newest || room < SHORTEST_KEPT_ANSWER) {
        clarifications.length = 0;
        break;
      }
      clarifications[0] = { ...newest, text: truncateGraphemes(newest.text, room) };
    }
  }
  return { pin: next, condensed };
}
