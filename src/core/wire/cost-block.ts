import type { CacheControl, TextBlock } from '../../spec/prepared-turn.js';

/** A part of a request as the usage estimate sees it: the text it costs, and its breakpoint if it has one. */
export function costBlock(text: string, control: unknown): TextBlock {
  const block: TextBlock = { type: 'text', text };
  const cacheControl = readCacheControl(control);
  if (cacheControl) block.cache_control = cacheControl;
  return block;
}

function readCacheControl(control: unknown): CacheControl | undefined {
  if (typeof control !== 'object' || control === null) return undefined;
  const ttl = (control as { ttl?: unknown }).ttl;
  return ttl === '5m' || ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
}
