import type { LanguageModelV3Usage } from '@ai-sdk/provider';
import type { Usage } from '../../index.js';

/** The AI SDK's usage (V3: input split into uncached, cache read and cache write) as memstack's. */
export function mapAiSdkUsage(usage: LanguageModelV3Usage | undefined): Usage | undefined {
  if (usage === undefined) return undefined;
  const { total, noCache, cacheRead, cacheWrite } = usage.inputTokens;
  const uncached =
    noCache ?? (total === undefined ? undefined : Math.max(0, total - (cacheRead ?? 0) - (cacheWrite ?? 0)));
  const mapped: Usage = {};
  if (isCount(uncached)) mapped.inputTokens = uncached;
  if (isCount(usage.outputTokens.total)) mapped.outputTokens = usage.outputTokens.total;
  if (isCount(cacheRead)) mapped.cacheReadInputTokens = cacheRead;
  if (isCount(cacheWrite)) mapped.cacheCreationInputTokens = cacheWrite;
  return mapped;
}

function isCount(value: number | undefined): value is number {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0;
}
