import { digitsToken } from './scope-token.js';

/** The token the turn indexes carry for a session: digits only, like `scopeToken`, so no tokenizer alters it. */
export function sessionToken(sessionKey: string): string {
  return digitsToken(sessionKey);
}
