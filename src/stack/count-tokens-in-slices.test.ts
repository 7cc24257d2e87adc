import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedTokenizer } from '../tokenizers/bounded-tokenizer.js';
import { o200kTokenizer } from '../tokenizers/o200k-tokenizer.js';
import { countTokensInSlices } from './count-tokens-in-slices.js';

const tokenizer = boundedTokenizer(o200kTokenizer());
const count = (text: string) => tokenizer.count(text);

describe('countTokensInSlices', () => {
  it('counts a short text at once, exactly', async () => {
    expect(await countTokensInSlices(count, 'We deploy with Terraform.')).toBe(count('We deploy with Terraform.'));
  });

  it('lets the event loop run while it counts a long text', async () => {
    const text = '我们需要保留离线模式'.repeat(10_000);
    const counted = countTokensInSlices(count, text);
    // Another task that needs the event loop: it advances only while the counting lets it.
    let turns = 0;
    const spin = async () => {
      while (turns < 1000) {
        turns += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const spinning = spin();
    await counted;
    expect(turns).toBeGreaterThan(5);
    await spinning;
  });

  it('differs from the whole count by at most a token per slice, and never splits a cluster (property)', async () => {
    const unit = fc.constantFrom('word ', '我们', '👩‍👩‍👧', 'e\u0301', '🇯🇵', 'x', '\n');
    await fc.assert(
      fc.asyncProperty(fc.array(unit, { minLength: 2_000, maxLength: 6_000 }), async (units) => {
        const text = units.join('');
        const whole = count(text);
        const sliced = await countTokensInSlices(count, text);
        expect(Math.abs(sliced - whole)).toBeLessThanOrEqual(Math.ceil(text.length / 8192) * 2);
      }),
      { numRuns: 20 },
    );
  });
});
