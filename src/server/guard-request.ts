import type { MiddlewareHandler } from 'hono';
import { apiErrorResponse } from './api-error.js';
import { hostName, isLoopback } from './is-loopback.js';
import { routeFormat } from './route-format.js';
import { sameSecret } from './same-secret.js';

/** How long a browser may keep a granted preflight. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** A list of header names, as `Access-Control-Request-Headers` holds: granted as asked, anything else not at all. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9a-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9a-z-]+)*$/i;

export interface RequestGuardOptions {
  token: string | undefined;
  /** Origins whose pages may call the `/v1/` routes (`parseOrigin`'s form). */
  allowOrigins: ReadonlySet<string>;
}

/**
 * Who may reach the proxy at all, checked before any memory is read or any upstream is called, on every route:
 * - Without a token, a request must be addressed to a loopback name (`localhost`, `127.0.0.1`, `[::1]`): a web page
 *   that points its own domain at 127.0.0.1 (DNS rebinding) sends that domain in `Host`, and is refused.
 * - A request a browser marks as another site's (an `Origin` that is neither this server's nor allowed;
 *   `Sec-Fetch-Site: cross-site` or `same-site`) is refused, with or without a token: a page never needs the proxy
 *   unless named with `--allow-origin`. The one exception is opening the inspector page itself from a link (a
 *   top-level navigation, which carries no data back to the site).
 * - Preflights (`OPTIONS`) are answered here, never forwarded: granted to allowed origins on `/v1/`, refused to others.
 *   An allowed origin's responses carry `Access-Control-Allow-Origin`, and expose `x-memstack`.
 * - With a token, every route but the inspector (which checks it on its API) needs it in `x-memstack-token`.
 * Refusals come in the route's own API shape (the inspector's in its own).
 */
export function guardRequest(options: RequestGuardOptions): MiddlewareHandler {
  return async (context, next) => {
    const request = context.req.raw;
    const path = context.req.path;
    const inspector = path === '/inspect' || path.startsWith('/inspect/');
    const header = (name: string): string | undefined => request.headers.get(name) ?? undefined;
    const refuse = (kind: 'forbidden' | 'authentication', reason: string, message: string): Response =>
      inspector
        ? Response.json(
            { error: { code: kind === 'forbidden' ? 'FORBIDDEN' : 'UNAUTHORIZED', message: `memstack: ${message}` } },
            { status: kind === 'forbidden' ? 403 : 401, headers: { 'x-memstack': `refused; ${reason}` } },
          )
        : apiErrorResponse(routeFormat(path, request.headers), kind, message, `refused; ${reason}`);

    const host = header('host') ?? '';
    if (options.token === undefined && !isLoopback(hostName(host))) {
      return refuse('forbidden', 'host', 'without a token, the proxy answers requests to loopback addresses only');
    }
    const origin = header('origin');
    const allowed = origin !== undefined && path.startsWith('/v1/') && options.allowOrigins.has(origin.toLowerCase());
    const ownPage = origin !== undefined && sameOrigin(origin, host);
    const site = header('sec-fetch-site');
    const navigation =
      inspector &&
      !path.startsWith('/inspect/api/') &&
      request.method === 'GET' &&
      header('sec-fetch-mode') === 'navigate' &&
      origin === undefined;
    if (!allowed && !navigation) {
      if (origin !== undefined && !ownPage) {
        return refuse('forbidden', 'origin', `requests from ${origin} are refused (see --allow-origin)`);
      }
      if (site === 'cross-site' || site === 'same-site') {
        return refuse('forbidden', 'origin', "another site's requests are refused (see --allow-origin)");
      }
    }
    if (request.method === 'OPTIONS') {
      if (!allowed || origin === undefined)
        return refuse('forbidden', 'origin', 'no preflight is granted to this origin (see --allow-origin)');
      const requested = header('access-control-request-headers') ?? '';
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'GET, POST, HEAD',
          'access-control-allow-headers': HEADER_LIST.test(requested) ? requested : '',
          'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
          vary: 'Origin, Access-Control-Request-Headers',
          'x-memstack': 'preflight',
        },
      });
    }
    if (!inspector && options.token !== undefined && !sameSecret(header('x-memstack-token'), options.token)) {
      return refuse('authentication', 'token', 'a valid x-memstack-token is required');
    }
    await next();
    if (allowed && origin !== undefined) {
      const response = new Response(context.res.body, context.res);
      response.headers.set('access-control-allow-origin', origin);
      response.headers.set('access-control-expose-headers', 'x-memstack');
      response.headers.append('vary', 'Origin');
      context.res = response;
    }
    return undefined;
  };
}

/** `Origin` names this very server (the inspector's own page calling its API). `null` and non-URLs never do. */
function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).origin === new URL(`http://${host}`).origin;
  } catch {
    return false;
  }
}
