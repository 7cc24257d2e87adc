import { ConfigError } from '../index.js';
import { isLoopback } from './is-loopback.js';

/** The shortest token accepted for an address beyond loopback. */
const MIN_TOKEN_LENGTH = 16;

/**
 * Refuses to expose a server beyond this machine without a token: binding anything but loopback needs one of at
 * least 16 characters (a server holding memory must not be one open port away from anyone on the network).
 */
export function checkBinding(host: string, token: string | undefined, what: string): void {
  if (!isLoopback(host) && (token === undefined || token.length < MIN_TOKEN_LENGTH)) {
    throw new ConfigError(
      'INVALID_CONFIG',
      `binding ${host} exposes the ${what} beyond this machine: set a token of at least ${MIN_TOKEN_LENGTH} characters (--token or MEMSTACK_PROXY_TOKEN)`,
    );
  }
}
