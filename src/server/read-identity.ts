import type { DecorateScope } from '../index.js';

/** Where a request's identity came from (the `x-memstack` response header says it). */
export type IdentitySource = 'headers' | 'body';

/**
 * Who a proxied request is for: the `x-memstack-agent`, `x-memstack-user` and `x-memstack-thread` headers, else the
 * body's own user field (Anthropic's `metadata.user_id`, OpenAI's `user`) with the proxy's default agent. Undefined:
 * nobody, and the request passes through without memory. Ids are checked by the stack (`decorate` refuses a bad one).
 */
export function readIdentity(
  headers: Headers,
  bodyUser: unknown,
  defaultAgent: string,
): { scope: DecorateScope; source: IdentitySource } | undefined {
  const agent = headers.get('x-memstack-agent') ?? undefined;
  const user = headers.get('x-memstack-user') ?? undefined;
  const thread = headers.get('x-memstack-thread') ?? undefined;
  if (user !== undefined || thread !== undefined) {
    return {
      scope: {
        agentId: agent ?? defaultAgent,
        ...(user === undefined ? {} : { userId: user }),
        ...(thread === undefined ? {} : { threadId: thread }),
      },
      source: 'headers',
    };
  }
  if (typeof bodyUser === 'string' && bodyUser.trim() !== '') {
    return { scope: { agentId: agent ?? defaultAgent, userId: bodyUser }, source: 'body' };
  }
  return undefined;
}
