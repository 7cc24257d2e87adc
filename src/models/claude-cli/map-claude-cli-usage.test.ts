import { describe, expect, it } from 'vitest';
import { mapClaudeCliUsage } from './map-claude-cli-usage.js';

describe('mapClaudeCliUsage', () => {
  it('maps the four counts of a result event', () => {
    expect(
      mapClaudeCliUsage({
        input_tokens: 12,
        output_tokens: 34,
        cache_creation_input_tokens: 1500,
        cache_read_input_tokens: 9000,
        server_tool_use: { web_search_requests: 0 },
        service_tier: 'standard',
      }),
    ).toEqual({ inputTokens: 12, outputTokens: 34, cacheCreationInputTokens: 1500, cacheReadInputTokens: 9000 });
  });

  it('keeps the counts that are there when another is odd or missing', () => {
    expect(mapClaudeCliUsage({ input_tokens: 5, output_tokens: '7', cache_read_input_tokens: null })).toEqual({
      inputTokens: 5,
    });
  });

  it('is undefined when nothing is reported', () => {
    expect(mapClaudeCliUsage(undefined)).toBeUndefined();
    expect(mapClaudeCliUsage('usage')).toBeUndefined();
    expect(mapClaudeCliUsage({ service_tier: 'standard' })).toBeUndefined();
  });
});
