import type { PinState } from '../spec/memory-store.js';
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
 * the clarifications added after it ride in the uncached recap. A new burst (the cache is cold anyway) places the
 * whole current pin. `turnTimes`: the stored turns' times, oldest first (epoch ms).
 */
export function splitPinForCache(
  pin: PinState,
  stored: SystemPin | null,
  turnTimes: readonly number[],
  now: number,
  windowMs = CACHE_WINDOW_MS,
): { system: SystemPin; recent: string[]; placed: boolean } {
  const last = turnTimes.at(-1);
  const burstContinues = last !== undefined && now - last < windowMs;
  if (stored && burstContinues && stored.at > startOfBurst(turnTimes, windowMs) - windowMs) {
    const recent = pin.clarifications.filter((clarification) => (clarification.at ?? 0) >= stored.at);
    return { system: stored, recent: recent.map((clarification) => clarification.text), placed: false };
  }
  return { system: { text: renderPin(pin), at: now }, recent: [], placed: true };
}

/** The time of the first turn of the last run of turns less than `windowMs` apart. */
function startOfBurst(turnTimes: readonly number[], windowMs: number): number {
  let index = turnTimes.length - 1;
  while (index > 0 && (turnTimes[index] ?? 0) - (turnTimes[index - 1] ?? 0) < windowMs) index -= 1;
  return turnTimes[index] ?? 0;
}
