/**
 * Lets the event loop run before going on (between a long operation's transactions, or before one): `setImmediate`
 * where the runtime has it (a timer of 0 waits a whole millisecond in Node), a timer elsewhere.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof globalThis.setImmediate === 'function') globalThis.setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
