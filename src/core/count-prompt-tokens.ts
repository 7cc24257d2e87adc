import type { TokenBreakdown } from '../spec/prepared-turn.js';
import type { AssembledPrompt } from './prompt-parts.js';

/** Token counts of an assembled prompt's parts; `historyTokens` comes from the caller, which caches per turn. */
export function countPromptTokens(
  parts: AssembledPrompt['parts'],
  historyTokens: number,
  count: (text: string) => number,
): TokenBreakdown {
  const breakdown = {
    system: count(parts.system),
    pin: count(parts.pin),
    summary: count(parts.summary),
    recap: count(parts.recap),
    facts: count(parts.facts),
    recalled: count(parts.recalled),
    history: historyTokens,
    message: count(parts.message),
  };
  const total = Object.values(breakdown).reduce((sum, value) => sum + value, 0);
  const memory = breakdown.pin + breakdown.summary + breakdown.recap + breakdown.facts + breakdown.recalled;
  return { ...breakdown, total, memoryShare: total === 0 ? 0 : memory / total };
}
