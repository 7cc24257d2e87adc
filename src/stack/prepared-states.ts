import type { PreparedState } from './stack-context.js';

/** A stack's record of the turns its `prepare` and `decorate` returned, by the object returned to the caller. */
export interface PreparedStates {
  /** The state of a turn this stack returned; undefined for any other value (a copy, another stack's turn). */
  get(turn: object): PreparedState | undefined;
  set(turn: object, state: PreparedState): void;
}

/**
 * Keeps each turn's `PreparedState` on the object returned to the caller, under a symbol of this stack's own, as a
 * non-enumerable, read-only property: it is not copied by a spread, `structuredClone` or JSON, not shown by
 * `console.log`, and another stack (another symbol) does not see it; it dies with the caller's object.
 *
 * Not a `WeakMap`: V8's young-generation collector (the scavenger) keeps a WeakMap's values alive while their keys
 * are young, even keys no one holds any more, so every state of the turns since the last collection (a copy of the
 * whole request each) was copied and promoted at each scavenge, which made the scavenges long enough to be the p99 of
 * `prepare` (decision 1; `npm run bench -- latency`).
 */
export function preparedStates(): PreparedStates {
  const key = Symbol('memstack.prepared');
  return {
    get(turn) {
      try {
        return Object.hasOwn(turn, key) ? ((turn as Record<symbol, unknown>)[key] as PreparedState) : undefined;
      } catch {
        // A revoked proxy, or one whose traps throw: not a turn of this stack.
        return undefined;
      }
    },
    set(turn, state) {
      Object.defineProperty(turn, key, { value: state, enumerable: false, writable: false, configurable: false });
    },
  };
}
