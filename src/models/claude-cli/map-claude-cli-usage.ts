import { mapMessagesApiUsage } from '../../core/wire/anthropic/map-messages-api-usage.js';
import type { Usage } from '../../spec/usage.js';

/**
 * The usage of one `claude -p` run, from the `usage` object of its `result` event (the totals of every API call the
 * run made, in the Messages API's snake_case). Undefined when the report is absent or carries no count.
 */
export function mapClaudeCliUsage(report: unknown): Usage | undefined {
  return mapMessagesApiUsage(report);
}
