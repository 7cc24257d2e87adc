import { hasMarker, MemstackError } from './memstack-error.js';

const marker = Symbol.for('memstack.error.InvalidInputError');

export type InvalidInputCode =
  | 'EMPTY_MESSAGE'
  | 'MESSAGE_TOO_LARGE'
  | 'INVALID_ARGUMENT'
  | 'NOT_PREPARED_HERE'
  | 'ALREADY_RECORDED'
  | 'NOT_FOUND'
  | 'TOO_MANY_ITEMS';

/**
 * The caller passed something memstack cannot use: an empty or oversized message, a malformed argument, or names
 * something that is not stored (`NOT_FOUND`: a session without any turn yet).
 */
export class InvalidInputError extends MemstackError {
  readonly [marker] = true;
  override readonly code: InvalidInputCode;
  /** The argument at fault, e.g. `text` or `agentId`. */
  readonly argument: string;

  constructor(code: InvalidInputCode, argument: string, message: string) {
    super(code, message);
    this.name = 'InvalidInputError';
    this.code = code;
    this.argument = argument;
  }

  static override isInstance(error: unknown): error is InvalidInputError {
    return hasMarker(error, marker);
  }
}
