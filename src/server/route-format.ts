import type { ApiFormat } from './api-error.js';

/**
 * Whose API a request under `/v1/` speaks, so that its errors come in that API's shape: the Messages routes are
 * Anthropic's and chat completions OpenAI's; any other path (count_tokens aside) is Anthropic's when the client sends
 * Anthropic's headers, else OpenAI's.
 */
export function routeFormat(path: string, headers: Headers): ApiFormat {
  if (path === '/v1/messages' || path.startsWith('/v1/messages/')) return 'anthropic';
  if (path === '/v1/chat/completions') return 'openai';
  return headers.has('x-api-key') || headers.has('anthropic-version') ? 'anthropic' : 'openai';
}
