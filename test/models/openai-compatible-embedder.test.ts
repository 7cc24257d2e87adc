import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, InvalidOutputError, ModelCallError } from '../../src/index.js';
import { openaiCompatibleEmbedder } from '../../src/openai-compatible.js';
import { type EmbeddingsServer, startEmbeddingsServer } from '../support/embeddings-server.js';

let server: EmbeddingsServer;
beforeAll(async () => {
  server = await startEmbeddingsServer({ dimensions: 16 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.mode = 'ok';
  server.requests.length = 0;
});

describe('openaiCompatibleEmbedder', () => {
  it('sends { model, input, encoding_format } and returns the vectors in input order, whatever the order of data', async () => {
    const embedder = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'nomic-embed-text' });
    expect(embedder.dimensions).toBeUndefined();
    const vectors = await embedder.embed(['the cat sat', 'dogs bark', 'the cat sat']);
    expect(server.requests).toEqual([
      { model: 'nomic-embed-text', input: ['the cat sat', 'dogs bark', 'the cat sat'], encoding_format: 'float' },
    ]);
    expect(vectors).toHaveLength(3);
    expect(vectors.every((vector) => vector.length === 16)).toBe(true);
    expect([...(vectors[0] ?? [])]).toEqual([...(vectors[2] ?? [])]);
    expect([...(vectors[0] ?? [])]).not.toEqual([...(vectors[1] ?? [])]);
    expect(embedder.dimensions).toBe(16);
  });

  it('decodes base64 vectors to the same values as floats', async () => {
    const floats = await openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm' }).embed(['猫が好き', 'a b']);
    const base64 = await openaiCompatibleEmbedder({
      baseURL: server.baseURL,
      model: 'm',
      encodingFormat: 'base64',
    }).embed(['猫が好き', 'a b']);
    expect(server.requests[1]?.encoding_format).toBe('base64');
    expect(base64.map((vector) => [...vector])).toEqual(floats.map((vector) => [...vector]));
  });

  it('sends several requests for more texts than a batch, and none for no text', async () => {
    const embedder = openaiCompatibleEmbedder({ baseURL: `${server.baseURL}/`, model: 'm', batchSize: 2 });
    expect(await embedder.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
    const vectors = await embedder.embed(['a', 'b', 'c', 'd', 'e']);
    expect(server.requests.map((request) => request.input)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(vectors).toHaveLength(5);
  });

  it('asks for dimensions only when told to', async () => {
    await openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 16 }).embed(['x']);
    await openaiCompatibleEmbedder({
      baseURL: server.baseURL,
      model: 'm',
      dimensions: 16,
      requestDimensions: true,
    }).embed(['x']);
    expect(server.requests.map((request) => request.dimensions)).toEqual([undefined, 16]);
  });

  it('fails with MODEL_CALL_FAILED, the status and the server message on a 500, retryable', async () => {
    server.mode = 'status-500';
    const error = await openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm' })
      .embed(['x'])
      .catch((caught: unknown) => caught);
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED', status: 500, isRetryable: true });
    expect((error as Error).message).toContain('the model crashed');
  });

  it('fails with INVALID_OUTPUT on garbage JSON, a missing vector, or vectors of the wrong size', async () => {
    for (const mode of ['garbage', 'missing-vector', 'wrong-dimensions'] as const) {
      server.mode = mode;
      const embedder = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm', dimensions: 16 });
      const error = await embedder.embed(['x', 'y']).catch((caught: unknown) => caught);
      expect(InvalidOutputError.isInstance(error), mode).toBe(true);
    }
  });

  it('refuses a later reply whose size differs from the first one', async () => {
    const embedder = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm' });
    await embedder.embed(['x']);
    server.mode = 'wrong-dimensions';
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ code: 'INVALID_OUTPUT' });
  });

  it('times out with MODEL_TIMEOUT, and an abort by the caller is MODEL_ABORTED', async () => {
    server.mode = 'hang';
    const embedder = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm', timeoutMs: 100 });
    const started = Date.now();
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ code: 'MODEL_TIMEOUT', isRetryable: true });
    expect(Date.now() - started).toBeLessThan(2000);
    const controller = new AbortController();
    const call = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm' }).embed(['x'], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ code: 'MODEL_ABORTED' });
  });

  it('names the server when it cannot be reached, retryable', async () => {
    const embedder = openaiCompatibleEmbedder({ baseURL: 'http://127.0.0.1:9/v1', model: 'm' });
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ code: 'MODEL_CALL_FAILED', isRetryable: true });
  });

  it('refuses bad options with a ConfigError', () => {
    const bad = [
      { baseURL: 'localhost:11434/v1', model: 'm' },
      { baseURL: server.baseURL, model: '' },
      { baseURL: server.baseURL, model: 'm', dimensions: 0 },
      { baseURL: server.baseURL, model: 'm', encodingFormat: 'int8' },
    ];
    for (const options of bad) {
      let error: unknown;
      try {
        openaiCompatibleEmbedder(options as never);
      } catch (caught) {
        error = caught;
      }
      expect(ConfigError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_CONFIG' });
    }
  });
});
