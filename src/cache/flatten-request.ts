import type { PreparedRequest, TextBlock } from '../spec/prepared-turn.js';
import type { CacheBlock, CacheRequest } from './cache-request.js';

/**
 * A prepared request as the prompt cache sees it: the system blocks, then each message's blocks, in order, each with
 * its token count; the first block of the system prompt and of each message carries the role that starts there,
 * which makes role boundaries part of the prefix. `at` is when the request is sent (ms).
 */
export function flattenRequest(request: PreparedRequest, count: (text: string) => number, at: number): CacheRequest {
  const blocks: CacheBlock[] = [];
  const add = (block: TextBlock, opensRole: CacheBlock['opensRole'] | undefined): void => {
    const flat: CacheBlock = { text: block.text, tokens: count(block.text) };
    if (opensRole) flat.opensRole = opensRole;
    if (block.cache_control) flat.cacheControl = block.cache_control.ttl ? { ttl: block.cache_control.ttl } : {};
    blocks.push(flat);
  };
  request.system.forEach((block, index) => {
    add(block, index === 0 ? 'system' : undefined);
  });
  for (const message of request.messages) {
    message.content.forEach((block, index) => {
      add(block, index === 0 ? message.role : undefined);
    });
  }
  return { at, blocks };
}
