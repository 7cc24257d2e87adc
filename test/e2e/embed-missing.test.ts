import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  createMemoryStack,
  type Embedder,
  type MemoryStore,
  type MemstackEvent,
} from '../../src/index.js';
import { openaiCompatibleEmbedder } from '../../src/openai-compatible.js';
import type { VectorStore } from '../../src/store-kit.js';
import { bothStores } from '../support/both-stores.js';
import { type EmbeddingsServer, startEmbeddingsServer } from '../support/embeddings-server.js';
import { PERSONAL_FACTS, personalFactsExtractor } from '../support/scripted-extractor.js';
import { dropSchemas, NO_POSTGRES } from '../support/test-postgres.js';

const alice = { agentId: 'bot', userId: 'alice', sessionId: 'chat-1' };
const scope = { agentId: 'bot', userId: 'alice' };
const bob = { agentId: 'bot', userId: 'bob' };
/** Agent-wide facts (no user) of another agent: not among alice's facts. */
const agentWide = { agentId: 'other-bot' };

const CONCEPTS = { live: 'home', lives: 'home', home: 'home' };
/** More facts than one batch (64) holds. */
const EXTRA_FACTS = 70;

let server: EmbeddingsServer;
const schemas: string[] = [];
beforeAll(async () => {
  server = await startEmbeddingsServer({ dimensions: 128, concepts: CONCEPTS });
});
afterAll(async () => {
  await server.close();
  await dropSchemas(...schemas);
});
beforeEach(() => {
  server.mode = 'ok';
  server.requests.length = 0;
});

const stores = bothStores('backfill', schemas);

const embedderOf = (model = 'hash-embed'): Embedder =>
  openaiCompatibleEmbedder({ baseURL: server.baseURL, model, dimensions: 128, timeoutMs: 5000 });

for (const [name, openStore] of stores) {
  describe.skipIf(openStore === null)(`embedMissing on ${name}${openStore === null ? ` (${NO_POSTGRES})` : ''}`, () => {
    let store: MemoryStore;
    let events: MemstackEvent[];
    beforeEach(async () => {
      store = await (openStore as () => Promise<MemoryStore>)();
      events = [];
    });
    afterEach(async () => {
      await store.close();
    });

    const stackWith = (embedder?: Embedder) =>
      createMemoryStack({
        store,
        extractor: personalFactsExtractor,
        onEvent: (event) => events.push(event),
        ...(embedder ? { embedder } : {}),
        limits: { turnRecall: 0, historyMaxTurns: 2 },
      });

    /** Three exchanges (three facts, six turns) and 70 facts more, in two other scopes: stored with no embedder. */
    const storeWithoutVectors = async () => {
      const plain = stackWith();
      for (const text of Object.keys(PERSONAL_FACTS)) {
        const prepared = await plain.prepare({ ...alice, text });
        await plain.record(prepared, { text: 'Noted.' });
        await plain.idle();
      }
      const owners = [bob, agentWide];
      for (let index = 0; index < EXTRA_FACTS; index += 1) {
        await plain.facts.add(
          owners[index % 2] as typeof scope,
          `User keeps a notebook labelled ${index} on the shelf`,
        );
      }
      expect(server.requests).toEqual([]);
      return plain;
    };
    const vectorsOf = (model = 'hash-embed') => {
      const vectors = store.vectors as VectorStore;
      return {
        facts: async (of: { agentId: string; userId?: string }) =>
          vectors.readFacts(of, { model, ids: [], recent: 1000 }),
        missing: async () =>
          (await vectors.missingFacts(model, { limit: 1000 })).length +
          (await vectors.missingTurns(model, { limit: 1000 })).length,
      };
    };

    it('gives the rows stored without an embedder their vectors, a batch at a time; a second run finds nothing', async () => {
      await storeWithoutVectors();
      const embedder = embedderOf();
      const stack = stackWith(embedder);
      const progress: number[] = [];
      const report = await stack.embedMissing({ onProgress: (counts) => progress.push(counts.facts + counts.turns) });
      expect(report).toEqual({ facts: 3 + EXTRA_FACTS, turns: 6, failed: 0, complete: true });
      // One request per batch of 64 rows: the facts, then the turns.
      expect(server.requests.map((request) => request.input.length)).toEqual([64, 9, 6]);
      expect(progress).toEqual([64, 73, 79]);
      expect(await vectorsOf().missing()).toBe(0);

      // Each vector is the one of its own text, written through its own scope.
      const stored = [...(await vectorsOf().facts(scope)), ...(await vectorsOf().facts(bob))];
      stored.push(...(await vectorsOf().facts(agentWide)));
      expect(stored).toHaveLength(3 + EXTRA_FACTS);
      const expected = await embedder.embed(stored.map((row) => row.fact.text));
      stored.forEach((row, index) => {
        expect([...row.vector], row.fact.text).toEqual([...(expected[index] as Float32Array)]);
      });
      // The backfilled vectors rank by meaning: "home" finds where the user lives, with no word in common.
      const prepared = await stack.prepare({ ...alice, text: 'Where is my home these days?' });
      expect(prepared.facts[0]?.text).toBe('User lives in Paris');

      const asked = server.requests.length;
      expect(await stack.embedMissing()).toEqual({ facts: 0, turns: 0, failed: 0, complete: true });
      expect(server.requests.length).toBe(asked);
      expect(events.filter((event) => event.type === 'embedding-failed')).toEqual([]);
      await stack.close();
    });

    it('stops at an embedder failure with the counts so far and an event, and a later run finishes', async () => {
      await storeWithoutVectors();
      const stack = stackWith(embedderOf());
      const report = await stack.embedMissing({
        // The server breaks after the first batch.
        onProgress: () => {
          server.mode = 'status-500';
        },
      });
      expect(report).toEqual({ facts: 64, turns: 0, failed: 9, complete: false });
      const failures = events.filter((event) => event.type === 'embedding-failed');
      expect(failures).toMatchObject([{ phase: 'backfill', sessionKey: null, error: { code: 'MODEL_CALL_FAILED' } }]);
      expect(await vectorsOf().missing()).toBe(9 + 6);

      server.mode = 'ok';
      expect(await stack.embedMissing()).toEqual({ facts: 9, turns: 6, failed: 0, complete: true });
      expect(await vectorsOf().missing()).toBe(0);
      await stack.close();
    });

    it('stops at the limit or the signal, and embeds the rows under a new model', async () => {
      await storeWithoutVectors();
      const stack = stackWith(embedderOf());
      expect(await stack.embedMissing({ limit: 10 })).toEqual({ facts: 10, turns: 0, failed: 0, complete: false });
      expect(server.requests.map((request) => request.input.length)).toEqual([10]);
      const controller = new AbortController();
      const stopped = await stack.embedMissing({ signal: controller.signal, onProgress: () => controller.abort() });
      expect(stopped).toEqual({ facts: 63, turns: 0, failed: 0, complete: false });
      expect(await stack.embedMissing()).toMatchObject({ facts: 0, turns: 6, complete: true });
      expect(events.filter((event) => event.type === 'embedding-failed')).toEqual([]);

      // Another model's vectors are not this model's: every row is embedded again.
      const next = stackWith(embedderOf('hash-embed-2'));
      expect(await next.embedMissing()).toEqual({ facts: 3 + EXTRA_FACTS, turns: 6, failed: 0, complete: true });
      expect(await vectorsOf('hash-embed-2').missing()).toBe(0);
      await stack.close();
    });

    it('keeps no vector for a fact edited while its batch was embedded: the next run embeds the new text', async () => {
      const plain = await storeWithoutVectors();
      const paris = (await plain.facts.list(scope)).find((fact) => fact.text === 'User lives in Paris');
      const real = embedderOf();
      let edited = false;
      const editing: Embedder = {
        specificationVersion: 'v1',
        model: real.model,
        dimensions: real.dimensions,
        embed: async (texts, options) => {
          if (!edited && paris) {
            edited = true;
            await plain.facts.edit(scope, paris.id, 'User lives in Lyon');
          }
          return real.embed(texts, options);
        },
      };
      const stack = stackWith(editing);
      expect(await stack.embedMissing()).toMatchObject({ failed: 0, complete: true });
      const texts = async () => (await vectorsOf().facts(scope)).map((row) => row.fact.text);
      expect(await texts()).not.toContain('User lives in Lyon');
      expect((await stack.embedMissing()).facts).toBe(1);
      expect(await texts()).toContain('User lives in Lyon');
      const lyon = (await vectorsOf().facts(scope)).find((row) => row.fact.text === 'User lives in Lyon');
      expect([...(lyon?.vector ?? [])]).toEqual([...((await real.embed(['User lives in Lyon']))[0] ?? [])]);
      await stack.close();
    });

    it('needs an embedder', async () => {
      const stack = stackWith();
      await expect(stack.embedMissing()).rejects.toSatisfy(
        (error) => ConfigError.isInstance(error) && error.code === 'INVALID_CONFIG',
      );
      await expect(stackWith(embedderOf()).embedMissing({ limit: -1 })).rejects.toThrow(/limit/);
      await stack.close();
    });
  });
}
