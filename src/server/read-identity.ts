import { z } from 'zod';
import type { DecorateScope } from '../index.js';

/** Where a request's identity came from (the `x-memstack` response header says it). */
export type IdentitySource = 'headers' | 'body';

/**
 * Claude Code's `metadata.user_id`: a JSON string of its device, its account when logged in, and the session, which
 * is new every session.
 */
const claudeCodeUser = z.object({
  device_id: z.string().min(1),
  account_uuid: z.string().optional(),
  session_id: z.string().optional(),
});

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
    return { scope: { agentId: agent ?? defaultAgent, userId: bodyUserId(bodyUser) }, source: 'body' };
  }
  return undefined;
}

/**
 * The user a body's user field names. Claude Code's is read for its account (else its device), not taken whole: its
 * session id would make every session a new user with an empty memory.
 */
function bodyUserId(value: string): string {
  if (!value.startsWith('{')) return value;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return value;
  }
  const parsed = claudeCodeUser.safeParse(json);
  if (!parsed.success) return value;
  const { account_uuid: account, device_id: device } = parsed.data;
  return account !== undefined && account !== '' ? account : device;
}
