import { InvalidInputError, isBlankId } from '../index.js';

/**
 * The parser of an id flag (`--agent`, `--user`, `--thread`). A blank value (`--user ''`, `--thread ' '`) is no
 * identity: read as absent, it would put the command on the agent's own session or facts, or widen a `forget` to
 * them. It is refused with the library's own `INVALID_ARGUMENT`, which the CLI prints as its one error line (not as
 * a usage error, which commander follows with the whole help), before anything is opened.
 */
export function parseId(flag: string): (value: string) => string {
  return (value) => {
    if (!isBlankId(value)) return value;
    throw new InvalidInputError('INVALID_ARGUMENT', flag, `${flag} is blank: leave the option out, or give a real id`);
  };
}
