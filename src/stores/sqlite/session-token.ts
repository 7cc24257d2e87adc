import { createHash } from 'node:crypto';

/** The token the turn indexes carry for a session: digits only, like `scopeToken`, so no tokenizer alters it. */
export function sessionToken(sessionKey: string): string {
  const digest = createHash('sha256').update(sessionKey).digest();
  return `${digest.readBigUInt64BE(0)}${digest.readBigUInt64BE(8)}`;
}
