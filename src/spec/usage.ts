/** Token usage reported by a provider for one call. Absent fields were not reported. */
export interface Usage {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  cacheReadInputTokens?: number | undefined;
  cacheCreationInputTokens?: number | undefined;
}
