import { ConfigError } from '../index.js';

/**
 * An origin a browser page may call the proxy from (`--allow-origin`), as browsers write it in `Origin`:
 * `scheme://host[:port]`, lower case, default port left out. Anything else (a path, a query, credentials, `*`,
 * `null`, another scheme) is a configuration error: a wildcard or a sandboxed frame's `null` would let any page in.
 */
export function parseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw notAnOrigin(value);
  }
  const written = value.replace(/\/$/, '').toLowerCase();
  const defaultPort = url.protocol === 'https:' ? ':443' : ':80';
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!web || (written !== url.origin && written !== `${url.origin}${defaultPort}`)) throw notAnOrigin(value);
  return url.origin;
}

function notAnOrigin(value: string): ConfigError {
  return new ConfigError(
    'INVALID_CONFIG',
    `${JSON.stringify(value)} is not an origin (allowOrigins, --allow-origin): write it as a browser sends it, e.g. https://app.example or http://localhost:3000`,
  );
}
