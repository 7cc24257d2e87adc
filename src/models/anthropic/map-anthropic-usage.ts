import { mapMessagesApiUsage } from '../../core/wire/anthropic/map-messages-api-usage.js';
import type { Usage } from '../../spec/usage.js';

/**
 * The usage of one Messages API call, from the `usage` objects the API reported, oldest first: the message's own for
 * a JSON reply; `message_start`'s then each `message_delta`'s for a stream, whose counts are cumulative totals, so a
 * later report's field replaces the earlier one and an absent or null field keeps it. Undefined when no report
 * carries any count.
 */
export function mapAnthropicUsage(...reports: unknown[]): Usage | undefined {
  return mapMessagesApiUsage(...reports);
}
