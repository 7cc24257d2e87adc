import { describe, expect, it } from 'vitest';
import { addUsage, createToolLoops } from './tool-loops.js';

describe('tool loops', () => {
  it('adds the steps of one user turn, keeps them until the exchange is stored, and starts over for another turn', () => {
    const loops = createToolLoops();
    loops.add('s', 'weather?', { text: 'Checking.', usage: { inputTokens: 10, outputTokens: 2 }, fromProvider: true });
    const second = loops.add('s', 'weather?', {
      text: '',
      usage: { inputTokens: 5, cacheReadInputTokens: 90 },
      fromProvider: false,
    });
    expect(second).toMatchObject({ steps: 2, texts: ['Checking.'], fromProvider: false });
    expect(second.usage).toEqual({ inputTokens: 15, outputTokens: 2, cacheReadInputTokens: 90 });
    // A failed write peeks and does not end: the retry still finds the steps.
    expect(loops.peek('s', 'weather?')?.steps).toBe(2);
    expect(loops.peek('s', 'another turn')).toBeUndefined();
    loops.end('s', 'weather?');
    expect(loops.peek('s', 'weather?')).toBeUndefined();
    loops.add('s', 'first', { text: 'a', usage: {}, fromProvider: true });
    expect(loops.add('s', 'second', { text: 'b', usage: {}, fromProvider: true })).toMatchObject({
      steps: 1,
      texts: ['b'],
    });
    expect(loops.peek('s', 'first')).toBeUndefined();
  });

  it('sums usage field by field, keeping a field absent only when neither reported it', () => {
    expect(addUsage({}, {})).toEqual({});
    expect(addUsage({ outputTokens: 3 }, { inputTokens: 4 })).toEqual({ inputTokens: 4, outputTokens: 3 });
  });
});
