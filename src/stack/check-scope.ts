import { checkId } from '../core/scope/check-id.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';

/** A scope's ids, checked: the agent, and the user, channel and thread when given (absent ones undefined). */
export interface CheckedScope {
  agentId: string;
  userId: string | undefined;
  channelId: string | undefined;
  threadId: string | undefined;
}

/**
 * Scopes name an agent; user, channel and thread are optional ids (see `checkId`: well-formed, not blank, bounded).
 * An absent id is undefined (or null); a blank one is refused, never read as absent: `prepare({ agentId, userId: '' })`
 * must not land in the agent's own session, nor `forget({ agentId, userId: '' })` widen to the whole agent.
 */
export function checkScope(scope: unknown): CheckedScope {
  if (typeof scope !== 'object' || scope === null) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'scope', 'a scope is an object { agentId, userId?, ... }');
  }
  const fields = scope as Record<string, unknown>;
  const optional = (name: 'userId' | 'channelId' | 'threadId'): string | undefined =>
    checkId(fields[name], name, { required: false }) ?? undefined;
  return {
    agentId: checkId(fields.agentId, 'agentId', { required: true }) as string,
    userId: optional('userId'),
    channelId: optional('channelId'),
    threadId: optional('threadId'),
  };
}
