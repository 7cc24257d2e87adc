import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';

/**
 * An embedder's output, checked: `count` vectors of one length (`dimensions` when given), of finite numbers, as
 * float32. Anything else is an `InvalidOutputError`: a vector of the wrong size compared with stored ones would rank
 * nonsense.
 */
export function checkVectors(output: unknown, count: number, dimensions?: number | undefined): Float32Array[] {
  if (!Array.isArray(output) || output.length !== count) {
    throw new InvalidOutputError(
      `expected ${count} vectors, got ${Array.isArray(output) ? output.length : typeof output}`,
      excerpt(output),
    );
  }
  const vectors = output.map((vector: unknown) => {
    const values =
      vector instanceof Float32Array ? vector : Array.isArray(vector) ? Float32Array.from(vector as number[]) : null;
    if (values === null || values.length === 0 || (Array.isArray(vector) && !vector.every(isNumber))) {
      throw new InvalidOutputError('a vector is not a non-empty list of numbers', excerpt(vector));
    }
    if (!values.every(Number.isFinite)) throw new InvalidOutputError('a vector holds a value out of range', '');
    return values;
  });
  const length = dimensions ?? vectors[0]?.length;
  const wrong = vectors.find((vector) => vector.length !== length);
  if (wrong !== undefined) {
    throw new InvalidOutputError(`expected vectors of ${length} dimensions, got one of ${wrong.length}`, '');
  }
  return vectors;
}

function isNumber(value: unknown): boolean {
  return typeof value === 'number';
}

function excerpt(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 200);
  } catch {
    return String(value).slice(0, 200);
  }
}
