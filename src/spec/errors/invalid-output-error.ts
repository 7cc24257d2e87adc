import { hasMarker, MemstackError } from './memstack-error.js';

const marker = Symbol.for('memstack.error.InvalidOutputError');

/** A model or extractor returned output that does not validate. Nothing from it is stored. */
export class InvalidOutputError extends MemstackError {
  readonly [marker] = true;
  override readonly code = 'INVALID_OUTPUT' as const;
  /** The first characters of the rejected output, for logs. */
  readonly excerpt: string;

  constructor(message: string, excerpt: string, options?: { cause?: unknown }) {
    super('INVALID_OUTPUT', message, options);
    this.name = 'InvalidOutputError';
    this.excerpt = excerpt;
  }

  static override isInstance(error: unknown): error is InvalidOutputError {
    return hasMarker(error, marker);
  }
}
