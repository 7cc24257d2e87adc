import { describe, expect, it } from 'vitest';
import { mapAnthropicUsage } from './map-anthropic-usage.js';

describe('mapAnthropicUsage', () => {
  it('maps the four counts of a message, cache reads and writes included', () => {
    expect(
      mapAnthropicUsage({
        input_tokens: 12,
        output_tokens: 34,
        cache_creation_input_tokens: 1500,
        cache_read_input_tokens: 2048,
        cache_creation: { ephemeral_5m_input_tokens: 1500, ephemeral_1h_input_tokens: 0 },
        service_tier: 'standard',
      }),
    ).toStrictEqual({ inputTokens: 12, outputTokens: 34, cacheCreationInputTokens: 1500, cacheReadInputTokens: 2048 });
  });

  it('keeps zero counts, and leaves out null or missing ones', () => {
    expect(mapAnthropicUsage({ input_tokens: 0, output_tokens: 3, cache_creation_input_tokens: null })).toStrictEqual({
      inputTokens: 0,
      outputTokens: 3,
    });
  });

  it('lets a later report replace the counts it carries and keep the others (message_start, then message_delta)', () => {
    const start = { input_tokens: 25, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 900 };
    const delta = { output_tokens: 15, input_tokens: null, cache_read_input_tokens: null };
    expect(mapAnthropicUsage(start, delta)).toStrictEqual({
      inputTokens: 25,
      outputTokens: 15,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 900,
    });
    expect(mapAnthropicUsage(start, { output_tokens: 15, input_tokens: 30 })?.inputTokens).toBe(30);
  });

  it('drops a count that is not one, without losing the others', () => {
    expect(
      mapAnthropicUsage({
        input_tokens: '12',
        output_tokens: -1,
        cache_read_input_tokens: 1.5,
        cache_creation_input_tokens: 7,
      }),
    ).toStrictEqual({ cacheCreationInputTokens: 7 });
  });

  it('is undefined when nothing was reported', () => {
    expect(mapAnthropicUsage()).toBeUndefined();
    expect(mapAnthropicUsage(undefined, null, 'usage', [])).toBeUndefined();
    expect(mapAnthropicUsage({ input_tokens: null })).toBeUndefined();
  });
});
