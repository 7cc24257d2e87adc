import type { FactScope } from '../../spec/scope.js';

/** A scope's column values: no user is the agent-wide scope, stored as ''. */
export function scopeKey(scope: FactScope): [string, string] {
  return [scope.agentId, scope.userId ?? ''];
}
