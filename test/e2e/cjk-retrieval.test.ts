import { describe, expect, it } from 'vitest';
import { cjkRecall } from '../../bench/cjk-retrieval.js';

describe('CJK and mixed-language retrieval (test/fixtures/cjk-retrieval.json)', () => {
  it('finds the right facts where a plain unicode61 index finds almost none', async () => {
    const recall = await cjkRecall();
    expect(recall.queries).toBe(24);
    // Measured when the set was written: memstack R@1 0.875, R@3 0.958; the baseline 0.167 at both.
    expect(recall.memstack.r3).toBeGreaterThanOrEqual(0.9);
    expect(recall.memstack.r1).toBeGreaterThanOrEqual(0.8);
    expect(recall.baseline.r3).toBeLessThan(0.3);
  });
});
