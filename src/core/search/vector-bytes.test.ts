import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from './cosine-similarity.js';
import { decodeVector, encodeVector } from './vector-bytes.js';

describe('encodeVector / decodeVector', () => {
  it('round-trips any float32 vector, little-endian (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ noNaN: true }), { minLength: 1, maxLength: 64 }), (values) => {
        const vector = Float32Array.from(values);
        const bytes = encodeVector(vector);
        expect(bytes.byteLength).toBe(vector.length * 4);
        expect(decodeVector(bytes)).toEqual(vector);
      }),
    );
    expect([...encodeVector([1])]).toEqual([0, 0, 0x80, 0x3f]);
  });

  it('refuses bytes that are no vector', () => {
    expect(decodeVector(new Uint8Array())).toBeNull();
    expect(decodeVector(new Uint8Array(7))).toBeNull();
  });

  it('reads a Buffer from a driver (a view of a shared pool) as its own values only', () => {
    const bytes = Buffer.from(encodeVector([1.5, -3, 0.25]));
    expect(decodeVector(bytes)).toEqual(Float32Array.from([1.5, -3, 0.25]));
    const pooled = Buffer.from('0123456789abcdef0123456789abcdef').subarray(4, 12);
    expect(decodeVector(pooled)?.length).toBe(2);
  });

  it('reads a view into a larger buffer at an odd offset', () => {
    const bytes = encodeVector([0.5, -2]);
    const padded = new Uint8Array(bytes.byteLength + 3);
    padded.set(bytes, 3);
    expect(decodeVector(padded.subarray(3))).toEqual(Float32Array.from([0.5, -2]));
  });
});

describe('cosineSimilarity', () => {
  it('is 1 for one direction, 0 for orthogonal vectors, a zero vector or two lengths', () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 3])).toBe(0);
    expect(cosineSimilarity([1, -1], [-1, 1])).toBeCloseTo(-1);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([1, 2, 3], [1, 2])).toBe(0);
    expect(cosineSimilarity([], [])).toBe(0);
  });
});
