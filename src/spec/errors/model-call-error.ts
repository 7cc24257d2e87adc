import { hasMarker, MemstackError } from './memstack-error.js';

const marker = Symbol.for('memstack.error.ModelCallError');

export type ModelCallErrorCode = 'MODEL_CALL_FAILED' | 'MODEL_TIMEOUT' | 'MODEL_ABORTED';

/** A call to a model failed. `isRetryable` is true for rate limits, overload and server errors. */
export class ModelCallError extends MemstackError {
  readonly [marker] = true;
  override readonly code: ModelCallErrorCode;
  readonly status: number | undefined;
  readonly isRetryable: boolean;

  constructor(
    code: ModelCallErrorCode,
    message: string,
    options: { status?: number; isRetryable?: boolean; cause?: unknown } = {},
  ) {
    super(code, message, { cause: options.cause });
    this.name = 'ModelCallError';
    this.code = code;
    this.status = options.status;
    this.isRetryable = options.isRetryable ?? false;
  }

  static override isInstance(error: unknown): error is ModelCallError {
    return hasMarker(error, marker);
  }
}
