import { describe, expect, it } from 'vitest';
import { mentionsNoLonger, mentionsNow } from './change-markers.js';

describe('mentionsNow and mentionsNoLonger', () => {
  it.each([
    ['we host on Render now', true, false],
    ['I no longer use Atom', false, true],
    ['我现在用 Linux', true, false],
    ['我已经不用 Windows 了', false, true],
    ['从字节离职', false, true],
    ['今はGoを使っています', true, false],
    ['Rubyはやめて', false, true],
    ['I use pnpm', false, false],
  ])('%j: now %s, no longer %s', (clause, now, noLonger) => {
    expect(mentionsNow(clause)).toBe(now);
    expect(mentionsNoLonger(clause)).toBe(noLonger);
  });
});
