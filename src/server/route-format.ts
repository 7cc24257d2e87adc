import { ConfigError } from '../index.js';
import { type WireFormatName, wireFormats } from '../wire.js';

const routes = Object.values(wireFormats);

/**
 * Whose API a request under `/v1/` speaks, so that its errors come in that API's shape: a format's own route (and the
 * paths under it, such as Anthropic's `count_tokens`) is that format's; any other path is the format whose headers
 * the client sends, else the table's fallback (`WireFormat.passThrough`).
 */
export function routeFormat(path: string, headers: Headers): WireFormatName {
  const own = routes.find((format) => path === format.route.path || path.startsWith(`${format.route.path}/`));
  if (own) return own.name;
  const chosen =
    routes.find((format) => format.passThrough?.(headers) === 'own-headers') ??
    routes.find((format) => format.passThrough?.(headers) === 'fallback');
  if (chosen) return chosen.name;
  throw new ConfigError(
    'INVALID_CONFIG',
    'no wire format is the fallback of a pass-through path (WireFormat.passThrough)',
  );
}
