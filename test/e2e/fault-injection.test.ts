import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFaultInjection } from '../support/fault-injection.js';

describe('an extraction model that fails in every way a real API fails', () => {
  it('never stores an error text, junk or an oversized output, and never fails a turn (randomised)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (seed) => {
        const report = await runFaultInjection({ seed, sessions: 4, turns: 6 });
        expect(report.failedTurns).toBe(0);
        expect(report.stored).toEqual([]);
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
