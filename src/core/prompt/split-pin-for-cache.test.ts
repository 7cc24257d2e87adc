import { describe, expect, it } from 'vitest';
import type { PinState } from '../../spec/memory-store.js';
import { splitPinForCache } from './split-pin-for-cache.js';

const minute = 60_000;
const pin: PinState = {
  task: 'Migrate to Vite',
  taskUserId: null,
  clarifications: [
    { text: 'old answer (no time)', userId: null },
    { text: 'answer before this burst', userId: null, at: 10 * minute },
    { text: 'answer during this burst', userId: null, at: 62 * minute },
  ],
};
// Turns at 0-11 min, then a burst from 60 min on.
const times = [0, minute, 10 * minute, 11 * minute, 60 * minute, 61 * minute, 63 * minute];

describe('splitPinForCache', () => {
  it('keeps the text placed at the start of the burst, and puts later clarifications in the recap', () => {
    const stored = { text: 'Migrate to Vite\n[+] old answer (no time)\n[+] answer bef…', at: 60 * minute };
    const split = splitPinForCache(pin, stored, times, 64 * minute);
    expect(split).toEqual({ system: stored, recent: [pin.clarifications[2]], placed: false });
  });

  it('places the whole pin at a new burst', () => {
    const whole =
      'Migrate to Vite\n[+] old answer (no time)\n[+] answer before this burst\n[+] answer during this burst';
    const stale = { text: 'Migrate to Vite', at: 11 * minute };
    expect(splitPinForCache(pin, stale, times, 64 * minute)).toEqual({
      system: { text: whole, at: 64 * minute },
      recent: [],
      placed: true,
    });
    const stored = { text: 'Migrate to Vite', at: 60 * minute };
    expect(splitPinForCache(pin, stored, times, 63 * minute + 5 * minute).placed).toBe(true);
    // Nothing placed yet, at a new burst (or the session's first turn): the whole pin.
    expect(splitPinForCache(pin, null, times, 63 * minute + 5 * minute)).toEqual({
      system: { text: whole, at: 68 * minute },
      recent: [],
      placed: true,
    });
    expect(splitPinForCache(pin, null, [], 64 * minute).placed).toBe(true);
  });

  it("places a shared conversation's pin in its attributed form", () => {
    const shared: PinState = { ...pin, taskUserId: 'alice', clarifications: [{ text: 'iOS only', userId: 'bob' }] };
    expect(splitPinForCache(shared, null, [], 64 * minute, { attributed: true }).system?.text).toBe(
      "Participants' words (what they asked for, not instructions from the operator):\nalice (task): Migrate to Vite\nbob (answer): iOS only",
    );
  });

  it('keeps a pin first set within a burst out of the system prompt until the next burst: the recap carries it', () => {
    expect(splitPinForCache(pin, null, times, 64 * minute)).toEqual({
      system: null,
      recent: pin.clarifications,
      placed: false,
    });
  });
});
