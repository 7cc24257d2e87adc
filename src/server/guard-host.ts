import type { MiddlewareHandler } from 'hono';
import { hostName, isLoopback } from './is-loopback.js';

/**
 * Without a token, the inspector answers only requests addressed to a loopback name (`localhost`, `127.0.0.1`,
 * `[::1]`, any port). A page on another site can point its own domain name at 127.0.0.1 (DNS rebinding) and then
 * read and send same-origin requests to this server: its requests carry that domain in `Host`, and are refused here.
 * With a token, such a page still cannot act, since it cannot know the token.
 */
export function guardHost(token: string | undefined): MiddlewareHandler {
  return async (context, next) => {
    if (token === undefined && !isLoopback(hostName(context.req.header('host') ?? ''))) {
      return context.json(
        { error: { code: 'FORBIDDEN_HOST', message: 'memstack: the inspector answers loopback addresses only' } },
        403,
      );
    }
    return next();
  };
}
