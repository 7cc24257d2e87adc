import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { FactScope } from '../spec/scope.js';

/** Scopes name an agent; user, channel and thread are optional strings. */
export function checkScope(scope: FactScope & { channelId?: unknown; threadId?: unknown }): void {
  if (typeof scope !== 'object' || scope === null || typeof scope.agentId !== 'string' || scope.agentId.trim() === '') {
    throw new InvalidInputError('INVALID_ARGUMENT', 'agentId', 'a scope needs a non-empty agentId');
  }
  for (const name of ['userId', 'channelId', 'threadId'] as const) {
    const value = scope[name];
    if (value !== undefined && typeof value !== 'string') {
      throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} must be a string when given`);
    }
  }
}
