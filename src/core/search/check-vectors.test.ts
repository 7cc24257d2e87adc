import { describe, expect, it } from 'vitest';
import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';
import { checkVectors } from './check-vectors.js';

const refused = (output: unknown, count: number, dimensions?: number): boolean => {
  try {
    checkVectors(output, count, dimensions);
    return false;
  } catch (error) {
    return InvalidOutputError.isInstance(error);
  }
};

describe('checkVectors', () => {
  it('returns float32 vectors of lists or float32 arrays', () => {
    const vectors = checkVectors([[1, 2], Float32Array.from([3, 4])], 2, 2);
    expect(vectors.map((vector) => [...vector])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(vectors.every((vector) => vector instanceof Float32Array)).toBe(true);
  });

  it('refuses the wrong count, mixed or wrong lengths, empty vectors, non-numbers and overflow', () => {
    expect(refused([[1, 2]], 2)).toBe(true);
    expect(refused('vectors', 1)).toBe(true);
    expect(refused([[1, 2], [3]], 2)).toBe(true);
    expect(refused([[1, 2]], 1, 3)).toBe(true);
    expect(refused([[]], 1)).toBe(true);
    expect(refused([['1', 2]], 1)).toBe(true);
    expect(refused([[1e39]], 1)).toBe(true);
    expect(refused([null], 1)).toBe(true);
  });
});
