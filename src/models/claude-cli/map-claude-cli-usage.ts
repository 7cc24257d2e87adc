import { z } from 'zod';
import type { Usage } from '../../spec/usage.js';

// A count that is missing, null or not a count is "not reported": one odd field must not hide the others.
const count = z.number().int().nonnegative().nullish().catch(undefined);
const usageReport = z.object({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
});

/**
 * The usage of one `claude -p` run, from the `usage` object of its `result` event (the totals of every API call the
 * run made, in the Messages API's snake_case). Undefined when the report is absent or carries no count.
 */
export function mapClaudeCliUsage(report: unknown): Usage | undefined {
  const parsed = usageReport.safeParse(report);
  if (!parsed.success) return undefined;
  const { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens } = parsed.data;
  const usage: Usage = {};
  if (input_tokens != null) usage.inputTokens = input_tokens;
  if (output_tokens != null) usage.outputTokens = output_tokens;
  if (cache_creation_input_tokens != null) usage.cacheCreationInputTokens = cache_creation_input_tokens;
  if (cache_read_input_tokens != null) usage.cacheReadInputTokens = cache_read_input_tokens;
  return Object.keys(usage).length === 0 ? undefined : usage;
}
