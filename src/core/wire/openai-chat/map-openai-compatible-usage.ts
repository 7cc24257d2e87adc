import type { Usage } from '../../../spec/usage.js';

/**
 * The chat-completions `usage` object as memstack's `Usage`, or the Responses API's (`input_tokens`, `output_tokens`,
 * `input_tokens_details`: the same figures under other names). `prompt_tokens` INCLUDES the cached tokens on these
 * APIs, while memstack's `inputTokens` excludes them (Anthropic's convention, so that the fields add up the same for
 * every provider): `inputTokens` is `prompt_tokens` minus the cached and cache-written ones; `cacheReadInputTokens` is
 * `prompt_tokens_details.cached_tokens` and `cacheCreationInputTokens` is `prompt_tokens_details.cache_write_tokens`,
 * each only where the server sent it. Servers differ (Ollama sends no details, some proxies send partial objects or
 * strings), so a field that is not a finite non-negative number is left out rather than passed on as NaN; nothing
 * usable at all is undefined.
 */
export function mapOpenaiCompatibleUsage(usage: WireUsage | null | undefined): Usage | undefined {
  if (typeof usage !== 'object' || usage === null) return undefined;
  const details: unknown = usage.prompt_tokens_details ?? usage.input_tokens_details;
  const detail = (name: string): unknown =>
    typeof details === 'object' && details !== null ? (details as Record<string, unknown>)[name] : undefined;
  const mapped: Usage = {};
  const promptTokens = count(usage.prompt_tokens ?? usage.input_tokens);
  const cacheReadInputTokens = count(detail('cached_tokens'));
  const cacheCreationInputTokens = count(detail('cache_write_tokens'));
  if (promptTokens !== undefined) {
    mapped.inputTokens = Math.max(0, promptTokens - (cacheReadInputTokens ?? 0) - (cacheCreationInputTokens ?? 0));
  }
  const outputTokens = count(usage.completion_tokens ?? usage.output_tokens);
  if (outputTokens !== undefined) mapped.outputTokens = outputTokens;
  if (cacheReadInputTokens !== undefined) mapped.cacheReadInputTokens = cacheReadInputTokens;
  if (cacheCreationInputTokens !== undefined) mapped.cacheCreationInputTokens = cacheCreationInputTokens;
  return Object.keys(mapped).length === 0 ? undefined : mapped;
}

/**
 * What is read of the wire `usage` object (the SDK's `CompletionUsage` and `ResponseUsage` fit it): every field
 * checked.
 */
export interface WireUsage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  total_tokens?: unknown;
  prompt_tokens_details?: unknown;
  completion_tokens_details?: unknown;
  input_tokens?: unknown;
  output_tokens?: unknown;
  input_tokens_details?: unknown;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
