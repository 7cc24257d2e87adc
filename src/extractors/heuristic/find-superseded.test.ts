import { describe, expect, it } from 'vitest';
import { findSuperseded } from './find-superseded.js';

const known = [
  { id: 1, text: 'User prefers pnpm' },
  { id: 2, text: 'User is on macOS' },
  { id: 3, text: 'User prefers tabs' },
  { id: 4, text: '用户偏好使用 npm' },
];

describe('findSuperseded', () => {
  it('replaces a preference for another option of the same exclusive choice', () => {
    expect(findSuperseded(['User prefers yarn'], known)).toEqual([1, 4]);
    expect(findSuperseded(['用户偏好使用 spaces 缩进'], known)).toEqual([3]);
  });

  it('replaces nothing for a preference that agrees with the known one', () => {
    expect(findSuperseded(['User prefers pnpm'], [{ id: 1, text: 'User prefers pnpm' }])).toEqual([]);
  });

  it('replaces nothing for a qualified preference, which may stand beside a general one', () => {
    expect(findSuperseded(['User prefers yarn for legacy projects'], known)).toEqual([]);
    expect(findSuperseded(['User prefers yarn'], [{ id: 5, text: 'User prefers pnpm for monorepos' }])).toEqual([]);
    expect(findSuperseded(['用户在公司偏好使用 yarn'], known)).toEqual([]);
  });

  it('replaces nothing for a fact that is no plain preference', () => {
    expect(findSuperseded(['User uses yarn at work'], known)).toEqual([]);
    expect(findSuperseded(["User doesn't prefer yarn"], known)).toEqual([]);
  });

  it('replaces nothing when the new fact names several options', () => {
    expect(findSuperseded(['User prefers yarn over npm'], known)).toEqual([]);
  });

  it('does not take npm for pnpm', () => {
    expect(findSuperseded(['User prefers npm'], [{ id: 7, text: 'User prefers npm scripts' }])).toEqual([]);
    expect(findSuperseded(['User prefers npm'], [{ id: 8, text: 'User prefers pnpm' }])).toEqual([8]);
  });

  it('replaces a known preference naming two options when the new one names a third', () => {
    expect(findSuperseded(['User prefers bun'], [{ id: 9, text: 'User prefers pnpm over npm' }])).toEqual([9]);
  });

  it('returns nothing without facts or known facts', () => {
    expect(findSuperseded([], known)).toEqual([]);
    expect(findSuperseded(['User prefers yarn'], [])).toEqual([]);
  });
});
