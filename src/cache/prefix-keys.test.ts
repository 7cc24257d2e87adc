import { describe, expect, it } from 'vitest';
import type { CacheBlock } from './cache-request.js';
import { prefixKeys } from './prefix-keys.js';

function keys(...blocks: CacheBlock[]): string[] {
  return prefixKeys(blocks);
}

describe('prefixKeys', () => {
  it('gives one key per block, equal for equal prefixes and different for different ones', () => {
    const [a, ab] = keys({ text: 'a', tokens: 1 }, { text: 'b', tokens: 1 });
    const [a2, ac] = keys({ text: 'a', tokens: 1 }, { text: 'c', tokens: 1 });
    expect(a).toBe(a2);
    expect(ab).not.toBe(ac);
    expect(new Set([a, ab, ac]).size).toBe(3);
  });

  it('ignores token counts and breakpoints, which are not part of the prompt', () => {
    expect(keys({ text: 'a', tokens: 1 })).toEqual(keys({ text: 'a', tokens: 9, cacheControl: { ttl: '1h' } }));
  });

  it('tells apart the role that opens a block, and where block boundaries fall', () => {
    const plain = keys({ text: 'a', tokens: 1 })[0];
    const user = keys({ text: 'a', tokens: 1, opensRole: 'user' })[0];
    const assistant = keys({ text: 'a', tokens: 1, opensRole: 'assistant' })[0];
    expect(new Set([plain, user, assistant]).size).toBe(3);
    expect(keys({ text: 'ab', tokens: 1 })[0]).not.toBe(keys({ text: 'a', tokens: 1 }, { text: 'b', tokens: 1 })[1]);
  });

  it('is not fooled by text that looks like the encoding of a role', () => {
    const role = keys({ text: 'a', tokens: 1, opensRole: 'user' })[0];
    expect(keys({ text: '"user",a', tokens: 1 })[0]).not.toBe(role);
    expect(keys({ text: '["user","a"]', tokens: 1 })[0]).not.toBe(role);
  });
});
