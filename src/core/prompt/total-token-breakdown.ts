import type { TokenBreakdown } from '../../spec/prepared-turn.js';

/** A breakdown's total and memory share (pin, summary, recap, facts and recalled turns over the total). */
export function totalTokenBreakdown(counts: Omit<TokenBreakdown, 'total' | 'memoryShare'>): TokenBreakdown {
  const total = Object.values(counts).reduce((sum, value) => sum + value, 0);
  const memory = counts.pin + counts.summary + counts.recap + counts.facts + counts.recalled;
  return { ...counts, total, memoryShare: total === 0 ? 0 : memory / total };
}
