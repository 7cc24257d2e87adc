const marker = Symbol.for('memstack.error');

/**
 * The root of every error memstack raises on purpose. `code` is stable and meant for programs;
 * `message` is for people. Use `MemstackError.isInstance` rather than `instanceof`: it also works
 * when two copies of the package are loaded.
 */
export class MemstackError extends Error {
  readonly [marker] = true;
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MemstackError';
    this.code = code;
  }

  static isInstance(error: unknown): error is MemstackError {
    return hasMarker(error, marker);
  }
}

/** True when `error` carries the brand `symbol` (set by a memstack error class, from any copy of the package). */
export function hasMarker(error: unknown, symbol: symbol): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    symbol in error &&
    (error as Record<symbol, unknown>)[symbol] === true
  );
}
