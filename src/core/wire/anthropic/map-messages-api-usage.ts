import { z } from 'zod';
import type { Usage } from '../../../spec/usage.js';

// A count that is missing, null or not a count is "not reported": one odd field (a proxy that sends a string)
// must not hide the others.
const count = z.number().int().nonnegative().nullish().catch(undefined);
const usageReport = z.object({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
});

/**
 * Usage from Messages API `usage` objects (snake_case), oldest first: a later report's field replaces the earlier
 * one, an absent or null field keeps it. Undefined when no report carries any count.
 */
export function mapMessagesApiUsage(...reports: unknown[]): Usage | undefined {
  const usage: Usage = {};
  for (const report of reports) {
    const parsed = usageReport.safeParse(report);
    if (!parsed.success) continue;
    const { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens } = parsed.data;
    if (input_tokens != null) usage.inputTokens = input_tokens;
    if (output_tokens != null) usage.outputTokens = output_tokens;
    if (cache_creation_input_tokens != null) usage.cacheCreationInputTokens = cache_creation_input_tokens;
    if (cache_read_input_tokens != null) usage.cacheReadInputTokens = cache_read_input_tokens;
  }
  return Object.keys(usage).length === 0 ? undefined : usage;
}
