import { type WireFormatName, wireFormats } from '../wire.js';

const routes = Object.values(wireFormats);

/**
 * Whose API a request under `/v1/` speaks, so that its errors come in that API's shape: a format's own route (and the
 * paths under it, such as Anthropic's `count_tokens`) is that format's; any other path is Anthropic's when the client
 * sends Anthropic's headers, else OpenAI's.
 */
export function routeFormat(path: string, headers: Headers): WireFormatName {
  const own = routes.find((format) => path === format.route.path || path.startsWith(`${format.route.path}/`));
  if (own) return own.name;
  return headers.has('x-api-key') || headers.has('anthropic-version') ? 'anthropic' : 'openai';
}
