import { checkId } from '../core/check-id.js';
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
 * With `narrowing`, an empty string is refused rather than read as absent: `forget({ agentId, userId: '' })` must not
 * widen to the whole agent.
 */
export function checkScope(scope: unknown, options: { narrowing?: boolean } = {}): CheckedScope {
  if (typeof scope !== 'object' || scope === null) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'scope', 'a scope is an object { agentId, userId?, ... }');
  }
  const fields = scope as Record<string, unknown>;
  const optional = (name: 'userId' | 'channelId' | 'threadId'): string | undefined => {
    const value = fields[name];
    if (options.narrowing && typeof value === 'string' && value.trim() === '') {
      throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} is empty: omit it to mean "any"`);
    }
    return checkId(value, name, { required: false }) ?? undefined;
  };
  return {
    agentId: checkId(fields.agentId, 'agentId', { required: true }) as string,
    userId: optional('userId'),
    channelId: optional('channelId'),
    threadId: optional('threadId'),
  };
}
