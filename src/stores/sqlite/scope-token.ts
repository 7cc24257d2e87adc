import { createHash } from 'node:crypto';
import type { FactScope } from '../../spec/scope.js';

/**
 * The token the full-text indexes carry for a fact's scope: digits only, so that no tokenizer (stemming
 * included) alters it, and long enough that two scopes never share one.
 */
export function scopeToken(scope: FactScope): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([scope.agentId, scope.userId ?? '']))
    .digest();
  return `${digest.readBigUInt64BE(0)}${digest.readBigUInt64BE(8)}`;
}
