import { z } from 'zod';
import type { DecorateScope } from '../index.js';
import { headerText } from './header-text.js';

/** Where a request's identity came from (the `x-memstack` response header says it). */
export type IdentitySource = 'headers' | 'body';

/**
 * Claude Code's `metadata.user_id`: a JSON string of its device, its account when logged in, and the session, which
 * is new every session.
 */
const claudeCodeUser = z.looseObject({
  device_id: z.string().optional(),
  account_uuid: z.string().optional(),
  session_id: z.string().optional(),
});

const IDENTITY_HEADERS = ['x-memstack-agent', 'x-memstack-user', 'x-memstack-thread'] as const;

/**
 * Who a proxied request is for: the `x-memstack-agent`, `x-memstack-user` and `x-memstack-thread` headers (UTF-8,
 * see `headerText`), else the body's own user field (Anthropic's `metadata.user_id`, OpenAI's `user`) with the
 * proxy's default agent. Undefined: nobody, and the request passes through without memory. A blank id (empty, or
 * white space only) in any of them is no identity at all, never a shared one: it does not fall back to the body, nor
 * to the agent's own session. The stack checks the rest of an id (`decorate` refuses a malformed one).
 */
export function readIdentity(
  headers: Headers,
  bodyUser: unknown,
  defaultAgent: string,
): { scope: DecorateScope; source: IdentitySource } | undefined {
  const [agent, user, thread] = IDENTITY_HEADERS.map((name) => {
    const value = headers.get(name);
    return value === null ? undefined : headerText(value);
  });
  if ([agent, user, thread].some((value) => value !== undefined && isBlank(value))) return undefined;
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
  const userId = typeof bodyUser === 'string' ? bodyUserId(bodyUser) : undefined;
  if (userId === undefined) return undefined;
  return { scope: { agentId: agent ?? defaultAgent, userId }, source: 'body' };
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

/**
 * The user a body's user field names, or undefined for none. Claude Code's is read for its account (else its
 * device), not taken whole: its session id would make every session a new user with an empty memory; and one whose
 * account and device are both blank names nobody (taken whole, the same blank JSON would be one user for everyone).
 */
function bodyUserId(value: string): string | undefined {
  if (isBlank(value)) return undefined;
  if (!value.trimStart().startsWith('{')) return value;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return value;
  }
  const parsed = claudeCodeUser.safeParse(json);
  const fields = parsed.success ? parsed.data : undefined;
  if (fields === undefined || (fields.device_id ?? fields.account_uuid ?? fields.session_id) === undefined)
    return value;
  const { account_uuid: account, device_id: device } = fields;
  if (account !== undefined && !isBlank(account)) return account;
  if (device !== undefined && !isBlank(device)) return device;
  return undefined;
}
