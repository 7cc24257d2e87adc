import { z } from 'zod';
import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';

/**
 * The body of `/v1/embeddings` as OpenAI, Ollama, vLLM and llama.cpp send it: `data` holds one `{ index, embedding }`
 * per input (`embedding` a list of floats, or base64 of little-endian float32 when `encoding_format: 'base64'` was
 * asked); `model` and `usage` are not needed here.
 */
const responseSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      index: z.number().int().nonnegative(),
      embedding: z.union([z.array(z.number()), z.string()]),
    }),
  ),
});

/** The vectors of a response body, in input order; an `InvalidOutputError` for anything else. */
export function readEmbeddingsResponse(body: string, count: number): Array<number[] | Float32Array> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new InvalidOutputError('the embeddings response is not JSON', body.slice(0, 200), { cause: error });
  }
  const parsed = responseSchema.safeParse(json);
  if (!parsed.success) {
    throw new InvalidOutputError(
      `the embeddings response has no valid data: ${z.prettifyError(parsed.error)}`,
      body.slice(0, 200),
    );
  }
  const vectors: Array<number[] | Float32Array | undefined> = new Array(count).fill(undefined);
  for (const item of parsed.data.data) {
    if (item.index >= count || vectors[item.index] !== undefined) {
      throw new InvalidOutputError(
        `the embeddings response has index ${item.index} out of place for ${count} inputs`,
        body.slice(0, 200),
      );
    }
    vectors[item.index] = typeof item.embedding === 'string' ? decodeBase64(item.embedding) : item.embedding;
  }
  if (vectors.some((vector) => vector === undefined)) {
    throw new InvalidOutputError(
      `the embeddings response has ${parsed.data.data.length} vectors for ${count} inputs`,
      body.slice(0, 200),
    );
  }
  return vectors as Array<number[] | Float32Array>;
}

function decodeBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) {
    throw new InvalidOutputError('a base64 embedding is not a list of float32', text.slice(0, 200));
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, index) => view.getFloat32(index * 4, true));
}
