import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRepetitive } from './is-repetitive.js';

describe('isRepetitive', () => {
  it.each([
    'a'.repeat(40),
    'ha ha ha ha ha ha ha ha',
    '我我我我我我我我',
    'test test test test test',
    'The answer is being generated. '.repeat(20),
    'spam spam spam eggs spam spam spam spam bacon spam spam spam',
  ])('finds %j repetitive', (text) => {
    expect(isRepetitive(text)).toBe(true);
  });

  it.each([
    "User's ports are 3000, 3001, 3002 and 3003",
    'User says ha ha a lot',
    '用户说哈哈哈',
    'Loading........ done',
    'User prefers pnpm over npm and yarn',
    'Session so far:\n- Goal: ship.\n- Done: tests.\n- Next: docs.',
  ])('finds %j not repetitive', (text) => {
    expect(isRepetitive(text)).toBe(false);
  });

  it('finds any unit of up to 40 characters repeated 20 times repetitive, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((unit) => unit.trim().length > 0),
        fc.string({ maxLength: 5 }),
        (unit, around) => {
          expect(isRepetitive(`${around}${unit.repeat(20)}${around}`)).toBe(true);
        },
      ),
    );
  });
});
