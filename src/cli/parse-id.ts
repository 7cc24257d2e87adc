import { InvalidArgumentError } from 'commander';
import { isBlankId } from '../index.js';

/**
 * The value of an id flag (`--agent`, `--user`, `--thread`): a blank one (`--user ''`, `--thread ' '`) is refused
 * with exit code 2, a usage error, because it is no identity: read as absent, it would put the command on the agent's
 * own session or facts, or widen a `forget` to them.
 */
export function parseId(value: string): string {
  if (!isBlankId(value)) return value;
  const error = new InvalidArgumentError('an id cannot be blank: leave the option out, or give a real id');
  error.exitCode = 2;
  throw error;
}
