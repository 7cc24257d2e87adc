import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { FactScope } from '../spec/scope.js';

/**
 * Scopes name an agent; user, channel and thread are optional strings. With `narrowing`, an empty string is refused
 * rather than read as absent: `forget({ agentId, userId: '' })` must not widen to the whole agent.
 */
export function checkScope(
  scope: FactScope & { channelId?: unknown; threadId?: unknown },
  options: { narrowing?: boolean } = {},
): void {
  if (typeof scope !== 'object' || scope === null || typeof scope.agentId !== 'string' || scope.agentId.trim() === '') {
    throw new InvalidInputError('INVALID_ARGUMENT', 'agentId', 'a scope needs a non-empty agentId');
  }
  for (const name of ['userId', 'channelId', 'threadId'] as const) {
    const value = scope[name];
    if (value !== undefined && typeof value !== 'string') {
      throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} must be a string when given`);
    }
    if (options.narrowing && value !== undefined && value.trim() === '') {
      throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} is empty: omit it to mean "any"`);
    }
  }
}
