import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { o200kTokenizer } from './o200k-tokenizer.js';

describe('o200kTokenizer', () => {
  it('counts special-token strings as text, and the empty text as nothing', () => {
    const tokenizer = o200kTokenizer();
    expect(tokenizer.count('')).toBe(0);
    expect(tokenizer.count('<|endoftext|>')).toBeGreaterThan(1);
    expect(() => tokenizer.count('<|im_start|>user<|im_end|>')).not.toThrow();
  });

  it('counts the same across the clearing of the merge cache', () => {
    // Well past the 90,000 units after which the cache is cleared, several times over.
    const tokenizer = o200kTokenizer();
    const texts = Array.from({ length: 60 }, (_, index) =>
      `第${index}段：我们的服务部署在北京，使用 pnpm 和 Postgres ${index}。`.repeat(200),
    );
    for (const text of texts) {
      expect(tokenizer.count(text)).toBe(countTokens(text, { disallowedSpecial: new Set() }));
    }
  });
});
