import { describe, expect, it } from 'vitest';
import { cosineSimilarity } from '../../core/search/cosine-similarity.js';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { offlineEnglishEmbedder } from './offline-english-embedder.js';

// The real model, from the optional peer packages (the dev dependencies install them): no server, no download.
describe('offlineEnglishEmbedder', () => {
  const embedder = offlineEnglishEmbedder();

  it('gives one 512-long vector per text, closer for texts of close meaning', async () => {
    const [pup, puppy, car] = await embedder.embed([
      "Maria's new pup is called Shadow",
      'a puppy',
      'I bought a used car last week',
    ]);
    expect([pup?.length, puppy?.length, car?.length]).toEqual([512, 512, 512]);
    expect(embedder.languages).toEqual(['en']);
    if (!pup || !puppy || !car) throw new Error('missing vectors');
    expect(cosineSimilarity(pup, puppy)).toBeGreaterThan(cosineSimilarity(car, puppy));
  });

  it('keeps the event loop turning while the model works (it runs in a worker thread)', async () => {
    let turns = 0;
    const tick = setInterval(() => {
      turns += 1;
    }, 0);
    try {
      const texts = Array.from({ length: 200 }, (_, index) => `sentence number ${index} about hiking and coffee`);
      expect(await embedder.embed(texts)).toHaveLength(200);
    } finally {
      clearInterval(tick);
    }
    expect(turns).toBeGreaterThan(0);
  });

  it('reads a very long text only up to a bound, and answers', async () => {
    const [vector] = await embedder.embed(['word '.repeat(100_000)]);
    expect(vector).toHaveLength(512);
  });

  it('rejects an aborted call with MODEL_ABORTED', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await embedder.embed(['x'], { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(ModelCallError.isInstance(error) && error.code).toBe('MODEL_ABORTED');
  });

  it('refuses options of the wrong type', () => {
    expect(() => offlineEnglishEmbedder({ batchSize: 0 })).toThrow(/batchSize/);
  });
});
