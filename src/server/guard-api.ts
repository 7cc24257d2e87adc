import type { MiddlewareHandler } from 'hono';
import { sameSecret } from './same-secret.js';

const READS = new Set(['GET', 'HEAD']);

/**
 * The inspector's API, which can delete memory. With a token, every request carries it in `x-memstack-token` (a
 * header, never a cookie: a browser adds no header to another site's request on its own). A change (any method
 * but GET) also needs `x-memstack-inspector: 1` and a JSON content type, which a cross-site form cannot send and a
 * cross-site script can only with a CORS preflight that this server never grants; and its `Origin`, when a browser
 * sends one, must be the server's own (`Sec-Fetch-Site` too). Every answer is marked not to be cached.
 */
export function guardApi(token: string | undefined): MiddlewareHandler {
  return async (context, next) => {
    const header = (name: string): string | undefined => context.req.header(name);
    const refuse = (status: 401 | 403 | 415, code: string, message: string) =>
      context.json({ error: { code, message: `memstack: ${message}` } }, status, { 'cache-control': 'no-store' });
    if (token !== undefined && !sameSecret(header('x-memstack-token'), token)) {
      return refuse(401, 'UNAUTHORIZED', 'a valid x-memstack-token is required');
    }
    if (!READS.has(context.req.method)) {
      if (header('x-memstack-inspector') !== '1') {
        return refuse(403, 'FORBIDDEN', 'a change needs the x-memstack-inspector: 1 header');
      }
      if (!/^application\/json\s*(;|$)/i.test(header('content-type') ?? '')) {
        return refuse(415, 'UNSUPPORTED_MEDIA_TYPE', 'a change is sent as application/json');
      }
      const site = header('sec-fetch-site');
      if (!sameOrigin(header('origin'), header('host')) || (site !== undefined && site !== 'same-origin')) {
        return refuse(403, 'CROSS_ORIGIN', "a change must come from the inspector's own page");
      }
    }
    await next();
    context.header('cache-control', 'no-store');
    return undefined;
  };
}

/** No `Origin` (not a browser's request: curl, a script) passes; one that is set must name this server's host. */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    // `Origin: null` (a sandboxed frame, a file) and anything else that is not a URL.
    return false;
  }
}
