import { describe, expect, it } from 'vitest';
import { preparedStates } from './prepared-states.js';
import type { PreparedState } from './stack-context.js';

const state = { recorded: false } as PreparedState;

describe('preparedStates', () => {
  it('gives back the state of the very object it was set on', () => {
    const states = preparedStates();
    const turn = { request: { messages: [] } };
    expect(states.get(turn)).toBeUndefined();
    states.set(turn, state);
    expect(states.get(turn)).toBe(state);
    expect(states.get({ request: { messages: [] } })).toBeUndefined();
  });

  it('does not follow a copy, a clone, an object inheriting from it, or another stack', () => {
    const states = preparedStates();
    const turn = { text: 'hello' };
    states.set(turn, state);
    expect(states.get({ ...turn })).toBeUndefined();
    expect(states.get(structuredClone(turn))).toBeUndefined();
    expect(states.get(JSON.parse(JSON.stringify(turn)))).toBeUndefined();
    expect(states.get(Object.create(turn))).toBeUndefined();
    expect(preparedStates().get(turn)).toBeUndefined();
  });

  it("leaves the caller's object as it was: no key, no JSON, nothing to overwrite", () => {
    const states = preparedStates();
    const turn: Record<string | symbol, unknown> = { text: 'hello' };
    states.set(turn, state);
    expect(Object.keys(turn)).toEqual(['text']);
    expect(JSON.stringify(turn)).toBe('{"text":"hello"}');
    expect(turn).toEqual({ text: 'hello' });
    const [key] = Object.getOwnPropertySymbols(turn);
    expect(key).toBeDefined();
    expect(() => {
      turn[key as symbol] = { recorded: true };
    }).toThrow(TypeError);
    expect(states.get(turn)).toBe(state);
  });

  it('reads a revoked proxy, or one whose traps throw, as no turn of its own', () => {
    const states = preparedStates();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(states.get(proxy)).toBeUndefined();
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('no');
        },
      },
    );
    expect(states.get(hostile)).toBeUndefined();
  });
});
