import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { CacheBlock, CacheTtl } from './cache-request.js';
import { cacheRules } from './cache-rules.js';

export interface Breakpoint {
  /** Index of the block carrying `cache_control`. */
  position: number;
  ttl: CacheTtl;
}

/**
 * The breakpoints of a request, in prefix order. Rejects what the API rejects, so that a simulation never prices a
 * request that could not be sent: more than 4 breakpoints, and a 1-hour breakpoint after a 5-minute one ("cache
 * entries with longer TTL must appear before shorter TTLs").
 */
export function readBreakpoints(blocks: readonly CacheBlock[]): Breakpoint[] {
  const breakpoints: Breakpoint[] = [];
  blocks.forEach((block, position) => {
    if (block.cacheControl) breakpoints.push({ position, ttl: block.cacheControl.ttl ?? '5m' });
  });
  if (breakpoints.length > cacheRules.maximumBreakpoints) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'blocks',
      `a request may carry at most ${cacheRules.maximumBreakpoints} cache_control breakpoints, got ${breakpoints.length}`,
    );
  }
  const firstShort = breakpoints.findIndex((breakpoint) => breakpoint.ttl === '5m');
  if (firstShort !== -1 && breakpoints.slice(firstShort).some((breakpoint) => breakpoint.ttl === '1h')) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'blocks',
      'a 1-hour cache_control breakpoint must not follow a 5-minute one (longer TTLs must come first)',
    );
  }
  return breakpoints;
}
