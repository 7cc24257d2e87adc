import type { PinState } from '../spec/memory-store.js';

/** The prompt cache's default lifetime: after this long without a turn, the cached prefix is gone anyway. */
export const CACHE_WINDOW_MS = 5 * 60_000;

/**
 * Which clarifications may enter the cached system prompt now. Within a burst of turns (each less than the cache
 * lifetime after the last) the system prompt must not change, or every turn rewrites the cache after it: so a
 * clarification added during the burst stays in the (uncached) recap, and joins the system prompt at the next burst,
 * when the cache is cold anyway. `turnTimes` are the stored turns' times, oldest first (epoch ms).
 */
export function splitPinForCache(
  pin: PinState,
  turnTimes: readonly number[],
  now: number,
  windowMs = CACHE_WINDOW_MS,
): { settled: PinState; recent: string[] } {
  const burstStart = startOfBurst(turnTimes, now, windowMs);
  const isRecent = (at: number | undefined): boolean => at !== undefined && at >= burstStart;
  return {
    settled: { ...pin, clarifications: pin.clarifications.filter((clarification) => !isRecent(clarification.at)) },
    recent: pin.clarifications
      .filter((clarification) => isRecent(clarification.at))
      .map((clarification) => clarification.text),
  };
}

function startOfBurst(turnTimes: readonly number[], now: number, windowMs: number): number {
  const last = turnTimes.at(-1);
  if (last === undefined || now - last >= windowMs) return now;
  let index = turnTimes.length - 1;
  while (index > 0 && (turnTimes[index] ?? 0) - (turnTimes[index - 1] ?? 0) < windowMs) index -= 1;
  return turnTimes[index] ?? now;
}
