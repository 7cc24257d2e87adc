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

/**
 * Why a request could not read everything its session's previous request left in the prompt cache: `cold` (the
 * session's first request, or the cache expired since the previous one), `pin-changed`, `summary-changed`, `facts-changed` (the
 * pinned task, the summary or the key facts in the cached system prompt changed; only the `seed` layout caches facts), `history-changed` (the conversation before the breakpoint
 * is not the one sent last time: a caller edited or cut its history, or memstack's history window moved), and
 * `layout-changed` (the system prompt, the layout or the breakpoints changed). Null: nothing before the previous
 * breakpoint changed.
 */
export type CacheMissReason =
  | 'cold'
  | 'pin-changed'
  | 'summary-changed'
  | 'facts-changed'
  | 'history-changed'
  | 'layout-changed';
