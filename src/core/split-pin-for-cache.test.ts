import { describe, expect, it } from 'vitest';
import type { PinState } from '../spec/memory-store.js';
import { splitPinForCache } from './split-pin-for-cache.js';

const minute = 60_000;
const pin: PinState = {
  task: 'Migrate to Vite',
  taskUserId: null,
  clarifications: [
    { text: 'old answer (no time)', userId: null },
    { text: 'answer from the last burst', userId: null, at: 10 * minute },
    { text: 'answer from this burst', userId: null, at: 62 * minute },
  ],
};

describe('splitPinForCache', () => {
  it('keeps clarifications of the current burst out of the system pin', () => {
    // Turns at 0-11 min, then a burst from 60 min on: the current burst started at 60.
    const times = [0, minute, 10 * minute, 11 * minute, 60 * minute, 61 * minute, 63 * minute];
    const { settled, recent } = splitPinForCache(pin, times, 64 * minute);
    expect(settled.clarifications.map((clarification) => clarification.text)).toEqual([
      'old answer (no time)',
      'answer from the last burst',
    ]);
    expect(recent).toEqual(['answer from this burst']);
    expect(settled.task).toBe('Migrate to Vite');
  });

  it('settles everything once the cache has gone cold', () => {
    const times = [60 * minute, 61 * minute, 63 * minute];
    expect(splitPinForCache(pin, times, 63 * minute + 5 * minute).recent).toEqual([]);
    expect(splitPinForCache(pin, [], 70 * minute).recent).toEqual([]);
  });
});
