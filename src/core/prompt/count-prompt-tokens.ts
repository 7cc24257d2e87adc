import type { TokenBreakdown } from '../../spec/prepared-turn.js';
import type { AssembledPrompt } from './prompt-parts.js';
import { totalTokenBreakdown } from './total-token-breakdown.js';

/** Token counts of an assembled prompt's parts; `historyTokens` comes from the caller, which caches per turn. */
export function countPromptTokens(
  parts: AssembledPrompt['parts'],
  historyTokens: number,
  count: (text: string) => number,
): TokenBreakdown {
  return totalTokenBreakdown({
    system: count(parts.system),
    pin: count(parts.pin),
    summary: count(parts.summary),
    recap: count(parts.recap),
    facts: count(parts.facts),
    recalled: count(parts.recalled),
    history: historyTokens,
    message: count(parts.message),
  });
}
