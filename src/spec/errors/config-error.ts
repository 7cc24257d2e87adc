import { hasMarker, MemstackError } from './memstack-error.js';

const marker = Symbol.for('memstack.error.ConfigError');

export type ConfigErrorCode = 'INVALID_CONFIG' | 'STACK_CLOSED' | 'NOT_SUPPORTED';

/**
 * memstack was configured in a way it cannot run with (an unknown layout, a negative limit, a closed stack), or was
 * asked for something its store cannot do (`NOT_SUPPORTED`: turn search on a store without that capability).
 */
export class ConfigError extends MemstackError {
  readonly [marker] = true;
  override readonly code: ConfigErrorCode;

  constructor(code: ConfigErrorCode, message: string) {
    super(code, message);
    this.name = 'ConfigError';
    this.code = code;
  }

  static override isInstance(error: unknown): error is ConfigError {
    return hasMarker(error, marker);
  }
}
