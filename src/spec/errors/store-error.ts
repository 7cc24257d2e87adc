import { hasMarker, MemstackError } from './memstack-error.js';

const marker = Symbol.for('memstack.error.StoreError');

export type StoreErrorCode =
  | 'STORE_OPEN_FAILED'
  | 'STORE_MIGRATION_FAILED'
  | 'STORE_CLOSED'
  | 'STORE_QUERY_FAILED'
  | 'STORE_BUSY';

/**
 * The memory store failed. The driver's own error, when there is one, is the `cause`. `STORE_BUSY` (another process
 * held the database's write lock for longer than the store waits) is retryable.
 */
export class StoreError extends MemstackError {
  readonly [marker] = true;
  override readonly code: StoreErrorCode;
  readonly isRetryable: boolean;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'StoreError';
    this.code = code;
    this.isRetryable = code === 'STORE_BUSY';
  }

  static override isInstance(error: unknown): error is StoreError {
    return hasMarker(error, marker);
  }
}
