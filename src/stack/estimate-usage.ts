import { flattenRequest } from '../cache/flatten-request.js';
import { createPromptCacheSimulator, type PromptCacheSimulator } from '../cache/simulate-prompt-cache.js';
import type { PreparedRequest } from '../spec/prepared-turn.js';
import type { Usage } from '../spec/usage.js';

/** Sonnet-class minimum cacheable prefix: the estimate assumes the common case (see src/cache). */
const MINIMUM_CACHEABLE_TOKENS = 1024;
const SESSIONS_TRACKED = 1000;

/** `known`: token counts of texts the caller has counted already (the current message's block, for one). */
export type UsageEstimator = (
  sessionKey: string,
  request: PreparedRequest,
  reply: string,
  at: Date,
  known?: ReadonlyMap<string, number>,
) => Usage;

/**
 * Usage as Anthropic's prompt cache would report it, from the simulator, one simulated cache per session (the most
 * recent sessions only): what `record` reports when the caller has no provider figures.
 */
export function usageEstimator(count: (text: string) => number): UsageEstimator {
  const simulators = new Map<string, PromptCacheSimulator>();
  return (sessionKey, request, reply, at, known) => {
    const countOf = (text: string): number => known?.get(text) ?? count(text);
    let simulator = simulators.get(sessionKey);
    if (simulator) simulators.delete(sessionKey);
    else simulator = createPromptCacheSimulator({ minimumCacheableTokens: MINIMUM_CACHEABLE_TOKENS });
    if (simulators.size >= SESSIONS_TRACKED) simulators.delete(simulators.keys().next().value as string);
    simulators.set(sessionKey, simulator);
    let result: ReturnType<PromptCacheSimulator['simulate']>;
    try {
      result = simulator.simulate(flattenRequest(request, countOf, at.getTime()));
    } catch {
      // A clock that went backwards: start this session's estimate over rather than fail the turn.
      simulator = createPromptCacheSimulator({ minimumCacheableTokens: MINIMUM_CACHEABLE_TOKENS });
      simulators.set(sessionKey, simulator);
      result = simulator.simulate(flattenRequest(request, countOf, at.getTime()));
    }
    return {
      inputTokens: result.uncachedTokens,
      cacheReadInputTokens: result.cacheReadTokens,
      cacheCreationInputTokens: result.cacheWriteTokens,
      outputTokens: countOf(reply),
    };
  };
}
