/**
 * A vector as stored (a BLOB in SQLite, bytea in PostgreSQL): its float32 values, little-endian, one after another,
 * whatever the machine's own byte order.
 */
export function encodeVector(vector: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < vector.length; index += 1) view.setFloat32(index * 4, vector[index] as number, true);
  return bytes;
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** The vector of stored bytes; null when they cannot be one (a length that is not a multiple of 4, or none). */
export function decodeVector(bytes: Uint8Array): Float32Array | null {
  if (bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) return null;
  // On a little-endian machine (all that Node runs on in practice) the bytes are the values: one copy.
  // (Copied with `set`: a Buffer's `slice` is a view of its pool, not a copy.)
  if (LITTLE_ENDIAN) {
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    return new Float32Array(copy.buffer);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Float32Array(bytes.byteLength / 4);
  for (let index = 0; index < vector.length; index += 1) vector[index] = view.getFloat32(index * 4, true);
  return vector;
}
