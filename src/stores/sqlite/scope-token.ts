import { sha256 } from '../../core/text/sha256.js';
import type { FactScope } from '../../spec/scope.js';

/**
 * The token the full-text indexes carry for a fact's scope: digits only, so that no tokenizer (stemming
 * included) alters it, and long enough that two scopes never share one.
 */
export function scopeToken(scope: FactScope): string {
  return digitsToken(JSON.stringify([scope.agentId, scope.userId ?? '']));
}

/** A digits-only token of a value (128 bits of its SHA-256): what the indexes carry to narrow a search. */
export function digitsToken(value: string): string {
  const bytes = sha256(value);
  const digest = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return `${digest.getBigUint64(0)}${digest.getBigUint64(8)}`;
}
