import type { CacheFigures } from './api-types.js';
import { element } from './element.js';

/** What each cache use means, for the badge's title and the exchange's detail. */
export const CACHE_USE: Readonly<Record<string, string>> = {
  hit: 'part of the prompt was read from the cache',
  cold: 'nothing read: the session’s first request, or the cache had expired since the one before',
  miss: 'nothing read although the cache was alive: something before the cache breakpoint changed',
  unknown: 'no usage figures',
};

/** Why the cache missed, in words, by the reason the trace recorded. */
export const CACHE_MISS: Readonly<Record<string, string>> = {
  cold: 'cold: the session’s first request, or the cache had expired',
  'pin-changed': 'the pinned task in the cached system prompt changed',
  'summary-changed': 'the summary in the cached system prompt changed',
  'facts-changed': 'the key facts in the cached system prompt changed',
  'history-changed': 'the conversation before the cache breakpoint changed',
  'layout-changed': 'the system prompt, the layout or the breakpoints changed',
};

/** A reply's cache use as a badge: hit, cold, miss or unknown. */
export function cacheBadge(cache: CacheFigures): HTMLElement {
  return element(
    'span',
    { class: `badge ${cache.use}`, title: CACHE_USE[cache.use] ?? '', 'data-testid': 'cache-use' },
    cache.use,
  );
}
