import { hasMarker, MemstackError } from './memstack-error.js';

const marker = Symbol.for('memstack.error.ConfigError');

/** memstack was configured in a way it cannot run with (an unknown layout, a negative limit, a closed stack). */
export class ConfigError extends MemstackError {
  readonly [marker] = true;
  override readonly code: 'INVALID_CONFIG' | 'STACK_CLOSED';

  constructor(code: 'INVALID_CONFIG' | 'STACK_CLOSED', message: string) {
    super(code, message);
    this.name = 'ConfigError';
    this.code = code;
  }

  static override isInstance(error: unknown): error is ConfigError {
    return hasMarker(error, marker);
  }
}
