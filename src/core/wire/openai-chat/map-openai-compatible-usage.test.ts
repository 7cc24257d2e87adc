import type { CompletionUsage } from 'openai/resources/completions';
import { describe, expect, it } from 'vitest';
import { mapOpenaiCompatibleUsage } from './map-openai-compatible-usage.js';

describe('mapOpenaiCompatibleUsage', () => {
  it('maps prompt, completion and cached tokens (OpenAI, vLLM), input without the cached part', () => {
    expect(
      mapOpenaiCompatibleUsage({
        prompt_tokens: 2006,
        completion_tokens: 300,
        total_tokens: 2306,
        prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      }),
    ).toEqual({ inputTokens: 86, outputTokens: 300, cacheReadInputTokens: 1920 });
  });

  it('keeps a reported zero of cached tokens, and maps cache writes where sent', () => {
    expect(
      mapOpenaiCompatibleUsage({
        prompt_tokens: 10,
        completion_tokens: 1,
        total_tokens: 11,
        prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 8 },
      }),
    ).toEqual({ inputTokens: 2, outputTokens: 1, cacheReadInputTokens: 0, cacheCreationInputTokens: 8 });
  });

  it('leaves the cache fields out when the server sends no details (Ollama, llama.cpp)', () => {
    const usage = mapOpenaiCompatibleUsage({ prompt_tokens: 26, completion_tokens: 9, total_tokens: 35 });
    expect(usage).toEqual({ inputTokens: 26, outputTokens: 9 });
    expect(usage).not.toHaveProperty('cacheReadInputTokens');
  });

  it('drops fields that are not finite non-negative numbers instead of passing NaN on', () => {
    const partial = {
      prompt_tokens: '12',
      completion_tokens: Number.NaN,
      total_tokens: -1,
    } as unknown as CompletionUsage;
    expect(mapOpenaiCompatibleUsage(partial)).toBeUndefined();
    const some = { completion_tokens: 4, prompt_tokens_details: null } as unknown as CompletionUsage;
    expect(mapOpenaiCompatibleUsage(some)).toEqual({ outputTokens: 4 });
    const infinite = { prompt_tokens: Number.POSITIVE_INFINITY, completion_tokens: 3 } as unknown as CompletionUsage;
    expect(mapOpenaiCompatibleUsage(infinite)).toEqual({ outputTokens: 3 });
  });

  it('is undefined when no usage was sent', () => {
    expect(mapOpenaiCompatibleUsage(undefined)).toBeUndefined();
    expect(mapOpenaiCompatibleUsage(null)).toBeUndefined();
    expect(mapOpenaiCompatibleUsage({} as CompletionUsage)).toBeUndefined();
  });
});
