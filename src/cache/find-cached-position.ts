import type { Breakpoint } from './read-breakpoints.js';

/**
 * The highest position whose prefix is cached, as the provider finds it: from the last breakpoint backwards, each
 * breakpoint checking its own window of `lookbackPositions` positions (itself first), then handing over to the
 * previous breakpoint. Positions outside every window are never checked, even when cached. -1 when nothing is found.
 * The first position found is the highest: a window lower down only adds positions below those already checked.
 */
export function findCachedPosition(
  breakpoints: readonly Breakpoint[],
  isCached: (position: number) => boolean,
  lookbackPositions: number,
): number {
  for (let index = breakpoints.length - 1; index >= 0; index--) {
    const start = breakpoints[index]?.position ?? -1;
    const stop = Math.max(0, start - lookbackPositions + 1);
    for (let position = start; position >= stop; position--) if (isCached(position)) return position;
  }
  return -1;
}
