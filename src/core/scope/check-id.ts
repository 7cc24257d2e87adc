import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { countGraphemes } from '../text/count-graphemes.js';
import { isBlankId } from './is-blank-id.js';

/** The longest id accepted (agent, user, channel, thread), in grapheme clusters: far above any platform's ids. */
export const MAX_ID_LENGTH = 4096;

/**
 * An id as memstack uses it: compared exactly, byte for byte (no case folding, no Unicode normalisation, so that
 * look-alikes stay apart), and stored as given. Rejected with a typed error: a non-string; a blank id (empty, or
 * nothing visible: `isBlankId`), which is no identity, so that it never lands in the agent's own session, shared by
 * every turn without a user; an id with a lone surrogate (it has no UTF-8 form; replacing it would make two different
 * ids one); an id over `MAX_ID_LENGTH`. Returns null for an absent optional id: undefined or null, never a string.
 */
export function checkId(value: unknown, name: string, options: { required: boolean }): string | null {
  if (value === undefined || value === null) {
    if (options.required) throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} must be a non-empty string`);
    return null;
  }
  if (typeof value !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} must be a string`);
  if (isBlankId(value)) {
    const fix = options.required ? 'give a real id' : 'omit the field (for none), or give a real id';
    throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} is blank: ${fix}`);
  }
  if (!value.isWellFormed()) {
    throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} is not well-formed Unicode (a lone surrogate)`);
  }
  if (value.length > MAX_ID_LENGTH && countGraphemes(value, { stopAfter: MAX_ID_LENGTH }) > MAX_ID_LENGTH) {
    throw new InvalidInputError('INVALID_ARGUMENT', name, `${name} is longer than ${MAX_ID_LENGTH} characters`);
  }
  return value;
}
