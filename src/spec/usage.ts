/**
 * Token usage reported by a provider for one call. Absent fields were not reported. The three input fields do not
 * overlap (Anthropic's convention): total input = inputTokens + cacheReadInputTokens + cacheCreationInputTokens.
 */
export interface Usage {
  /** Input tokens neither read from nor written to the cache. */
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  cacheReadInputTokens?: number | undefined;
  cacheCreationInputTokens?: number | undefined;
}
