import type { Usage } from '../../index.js';

/**
 * The AI SDK's usage as far as memstack reads it: LanguageModelV3's (`ai` 6) and V4's (`ai` 7) are the same, input
 * split into uncached, cache read and cache write. Declared here, not imported, so that the usage of either spec fits.
 */
export interface AiSdkUsage {
  inputTokens: {
    total?: number | undefined;
    noCache?: number | undefined;
    cacheRead?: number | undefined;
    cacheWrite?: number | undefined;
  };
  outputTokens: { total?: number | undefined };
}

/** The AI SDK's usage as memstack's. */
export function mapAiSdkUsage(usage: AiSdkUsage | undefined): Usage | undefined {
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
