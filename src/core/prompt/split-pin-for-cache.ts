import type { Clarification, PinState } from '../../spec/memory-store.js';
import { renderPin } from './render-pin.js';

/** The prompt cache's default lifetime: after this long without a turn, the cached prefix is gone anyway. */
export const CACHE_WINDOW_MS = 5 * 60_000;

export interface SystemPin {
  /** The pin as placed in the cached system prompt. */
  text: string;
  /** When that text was placed (epoch ms). */
  at: number;
}

/**
 * The pin for the cached system prompt, and the clarifications to show in the recap instead. Within a burst of turns
 * (each less than the cache lifetime after the last) the system prompt must not change, or every turn rewrites the
 * cache after it: the text placed at the burst's start (`stored`) is kept, even if the pin was condensed since, and
 * the clarifications added after it ride in the uncached recap. A pin first set within a burst after its first
 * exchange (the first message that states a task came after a greeting or a question) is not placed either: the
 * system prompt has had none since the burst began, so it keeps none (`system: null`), and the recap, which names the
 * task anyway, shows all its clarifications. A new burst (the cache is cold anyway) places the whole current pin.
 * `turnTimes`: the stored turns' times, oldest first (epoch ms). `attributed`: the pin is placed in its shared
 * conversation's form (`renderPin`).
 */
export function splitPinForCache(
  pin: PinState,
  stored: SystemPin | null,
  turnTimes: readonly number[],
  now: number,
  options: { windowMs?: number; attributed?: boolean } = {},
): { system: SystemPin | null; recent: Clarification[]; placed: boolean } {
  const windowMs = options.windowMs ?? CACHE_WINDOW_MS;
  const last = turnTimes.at(-1);
  const burstContinues = last !== undefined && now - last < windowMs;
  if (stored && burstContinues && stored.at > (turnTimes[burstStart(turnTimes, windowMs)] ?? 0) - windowMs) {
    const recent = pin.clarifications.filter((clarification) => (clarification.at ?? 0) >= stored.at);
    return { system: stored, recent, placed: false };
  }
  if (stored === null && burstContinues && turnTimes.length - burstStart(turnTimes, windowMs) > PLACE_WITHIN_TURNS) {
    return { system: null, recent: [...pin.clarifications], placed: false };
  }
  return {
    system: { text: renderPin(pin, { attributed: options.attributed ?? false }), at: now },
    recent: [],
    placed: true,
  };
}

/**
 * A pin first set within a burst is still placed while the burst holds at most this many turns (its first exchange):
 * the history cached behind the system prompt is then one exchange, which placing the pin rewrites once, and the pin
 * stays in the system prompt for the rest of the burst. Later, a rewrite would cost the whole burst's history.
 */
const PLACE_WITHIN_TURNS = 2;

/** The index of the first turn of the last run of turns less than `windowMs` apart (0 when there is none). */
function burstStart(turnTimes: readonly number[], windowMs: number): number {
  let index = turnTimes.length - 1;
  while (index > 0 && (turnTimes[index] ?? 0) - (turnTimes[index - 1] ?? 0) < windowMs) index -= 1;
  return Math.max(0, index);
}
