import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStore, type MemstackEvent } from '../../src/index.js';
import { openaiCompatibleEmbedder } from '../../src/openai-compatible.js';
import { copySqliteToPostgres, postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import type { VectorStore } from '../../src/store-kit.js';
import { bothStores } from '../support/both-stores.js';
import { type EmbeddingsServer, startEmbeddingsServer } from '../support/embeddings-server.js';
import { PERSONAL_FACTS, personalFactsExtractor } from '../support/scripted-extractor.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const alice = { agentId: 'bot', userId: 'alice', sessionId: 'chat-1' };
const scope = { agentId: 'bot', userId: 'alice' };

/** Words of one meaning, which the fake model maps to one direction. */
const CONCEPTS = { live: 'home', lives: 'home', home: 'home', kitten: 'cat', cat: 'cat' };

let server: EmbeddingsServer;
const schemas: string[] = [];
beforeAll(async () => {
  server = await startEmbeddingsServer({ dimensions: 256, concepts: CONCEPTS });
});
afterAll(async () => {
  await server.close();
  await dropSchemas(...schemas);
});
beforeEach(() => {
  server.mode = 'ok';
  server.requests.length = 0;
});

const stores = bothStores('embed', schemas);

for (const [name, openStore] of stores) {
  describe.skipIf(openStore === null)(`embeddings on ${name}${openStore === null ? ` (${NO_POSTGRES})` : ''}`, () => {
    let store: MemoryStore;
    let events: MemstackEvent[];
    beforeEach(async () => {
      store = await (openStore as () => Promise<MemoryStore>)();
      events = [];
    });
    afterEach(async () => {
      await store.close();
    });

    let clock = Date.parse('2026-06-01T12:00:00Z');
    const stackWith = (options: { embedder?: boolean; embedQueryTimeoutMs?: number; turnRecall?: number } = {}) =>
      createMemoryStack({
        store,
        now: () => new Date(clock),
        extractor: personalFactsExtractor,
        onEvent: (event) => events.push(event),
        ...(options.embedder === false
          ? {}
          : {
              embedder: openaiCompatibleEmbedder({
                baseURL: server.baseURL,
                model: 'hash-embed',
                dimensions: 256,
                timeoutMs: 2000,
              }),
            }),
        ...(options.embedQueryTimeoutMs === undefined ? {} : { embedQueryTimeoutMs: options.embedQueryTimeoutMs }),
        limits: { turnRecall: options.turnRecall ?? 0, historyMaxTurns: 2 },
      });

    const exchange = async (stack: ReturnType<typeof stackWith>, text: string, reply = 'Noted.') => {
      const prepared = await stack.prepare({ ...alice, text });
      await stack.record(prepared, { text: reply });
      await stack.idle();
      return prepared;
    };

    it('stores vectors of facts and turns after the reply, and finds a fact by meaning that shares no word', async () => {
      const stack = stackWith();
      let sessionKey = '';
      for (const text of Object.keys(PERSONAL_FACTS)) sessionKey = (await exchange(stack, text)).session.key;
      const vectors = store.vectors as VectorStore;
      const facts = await vectors.readFacts(scope, { model: 'hash-embed', ids: [], recent: 10 });
      expect(facts.map((row) => row.fact.text).sort()).toEqual([
        'User drinks green tea every morning',
        'User lives in Paris',
        'User works at Acme as a designer',
      ]);
      expect(facts.every((row) => row.vector.length === 256)).toBe(true);
      const turns = await vectors.readTurns(sessionKey, { model: 'hash-embed', ids: [], recent: 10 });
      expect(turns).toHaveLength(6);
      // Per exchange: the message on the hot path, then after the reply one request for its fact and its two turns.
      expect(server.requests.map((request) => request.input.length)).toEqual([1, 3, 1, 3, 1, 3]);

      const query = 'Where is my home these days?';
      const withVectors = await stack.prepare({ ...alice, text: query });
      expect(withVectors.factsSource).toBe('relevance');
      expect(withVectors.facts.map((fact) => fact.text)[0]).toBe('User lives in Paris');
      const lexicalOnly = await stackWith({ embedder: false }).prepare({ ...alice, text: query });
      expect(lexicalOnly.facts.map((fact) => fact.text)).not.toContain('User lives in Paris');
      // A fact both rankings find stays first.
      const tea = await stack.prepare({ ...alice, text: 'Do I like green tea?' });
      expect(tea.facts[0]?.text).toBe('User drinks green tea every morning');
      await stack.close();
    });

    it('gives a fact added or edited through stack.facts its vector, and never fails the call for it', async () => {
      const stack = stackWith();
      const vectors = store.vectors as VectorStore;
      const read = async () =>
        (await vectors.readFacts(scope, { model: 'hash-embed', ids: [], recent: 10 })).map((row) => row.fact.text);
      const added = await stack.facts.add(scope, 'User lives in Paris');
      expect(await read()).toEqual(['User lives in Paris']);
      await stack.facts.edit(scope, added.id, 'User lives in Lyon');
      expect(await read()).toEqual(['User lives in Lyon']);
      server.mode = 'status-500';
      const other = await stack.facts.add(scope, 'User drinks green tea every morning');
      expect(other.added).toBe(true);
      expect(await read()).toEqual(['User lives in Lyon']);
      expect(events.filter((event) => event.type === 'embedding-failed')).toMatchObject([{ phase: 'store' }]);
      await stack.close();
    });

    it('recalls an older turn by meaning', async () => {
      const stack = stackWith({ turnRecall: 2 });
      await exchange(stack, 'We adopted a kitten called Miso yesterday!', 'Congratulations on Miso!');
      await exchange(stack, 'What should I cook tonight?', 'Try a risotto.');
      await exchange(stack, 'And for dessert?', 'A lemon tart.');
      const prepared = await stack.prepare({ ...alice, text: 'Any advice for my cat?' });
      expect(prepared.recalled.map((turn) => turn.text).join(' ')).toContain('kitten');
      const lexicalOnly = await stackWith({ embedder: false, turnRecall: 2 }).prepare({
        ...alice,
        text: 'Any advice for my cat?',
      });
      expect(lexicalOnly.recalled.map((turn) => turn.text).join(' ')).not.toContain('kitten');
      await stack.close();
    });

    it('ranks stack.facts.search and stack.searchTurns as prepare does: by meaning too, lexically without a vector', async () => {
      const stack = stackWith({ turnRecall: 2 });
      for (const text of Object.keys(PERSONAL_FACTS)) await exchange(stack, text);
      await exchange(stack, 'We adopted a kitten called Miso yesterday!', 'Congratulations on Miso!');
      const query = 'Where is my home these days?';
      const prepared = await stack.prepare({ ...alice, text: query });
      const found = await stack.facts.search(scope, query, { limit: 3 });
      expect(found[0]?.text).toBe('User lives in Paris');
      expect(found.map((fact) => fact.text)).toEqual(prepared.facts.map((fact) => fact.text));
      expect(found.map((fact) => fact.score)).toEqual(prepared.facts.map((fact) => fact.score));
      expect((await stack.searchTurns(alice, 'Any advice for my cat?', { limit: 1 }))[0]?.text).toContain('kitten');

      // The same store without an embedder, or with one that fails: the lexical ranking, which shares no word.
      const lexical = stackWith({ embedder: false });
      expect((await lexical.facts.search(scope, query)).map((fact) => fact.text)).not.toContain('User lives in Paris');
      expect(
        (await lexical.searchTurns(alice, 'Any advice for my cat?')).map((turn) => turn.text).join(' '),
      ).not.toContain('kitten');
      server.mode = 'status-500';
      events.length = 0;
      expect((await stack.facts.search(scope, query)).map((fact) => fact.text)).not.toContain('User lives in Paris');
      expect(events).toMatchObject([{ type: 'embedding-failed', phase: 'query', sessionKey: null }]);
      await stack.close();
    });

    it('keeps no vector when the embedder fails after the reply, and never fails the turn or the extraction', async () => {
      const stack = stackWith();
      for (const mode of ['status-500', 'garbage', 'wrong-dimensions', 'missing-vector'] as const) {
        server.mode = mode;
        await exchange(stack, 'I live in Paris.');
      }
      expect(await stack.facts.list(scope)).toHaveLength(1);
      expect(
        await (store.vectors as VectorStore).readFacts(scope, { model: 'hash-embed', ids: [], recent: 10 }),
      ).toEqual([]);
      // Each exchange: its message was ranked lexically, its vectors were not stored.
      const failed = events.flatMap((event) => (event.type === 'embedding-failed' ? [event.phase] : []));
      expect(failed.filter((phase) => phase === 'store')).toHaveLength(4);
      expect(events.some((event) => event.type === 'extraction-failed')).toBe(false);
      await stack.close();
    });

    it('ranks lexically when the message cannot be embedded in time, or at all, then stops asking a while', async () => {
      const stack = stackWith({ embedQueryTimeoutMs: 150 });
      await exchange(stack, 'I drink green tea every morning.');
      for (const mode of ['hang', 'status-500', 'garbage', 'wrong-dimensions'] as const) {
        server.mode = mode;
        events.length = 0;
        const started = Date.now();
        const prepared = await stack.prepare({ ...alice, text: 'Do I like green tea?' });
        expect(Date.now() - started, mode).toBeLessThan(1500);
        expect(prepared.facts.map((fact) => fact.text)).toEqual(['User drinks green tea every morning']);
        expect(events.filter((event) => event.type === 'embedding-failed')).toMatchObject([{ phase: 'query' }]);
        // The next messages of the pause are not embedded at all: no request, no wait, no event.
        const asked = server.requests.length;
        clock += 29_000;
        await stack.prepare({ ...alice, text: 'Do I like green tea?' });
        expect(server.requests.length).toBe(asked);
        expect(events.filter((event) => event.type === 'embedding-failed')).toHaveLength(1);
        clock += 2_000;
      }
      server.mode = 'ok';
      const before = server.requests.length;
      await stack.prepare({ ...alice, text: 'Where is my home?' });
      expect(server.requests.length).toBe(before + 1);
      await stack.close();
    });

    it('embeds nothing for a message with nothing to search for', async () => {
      const stack = stackWith();
      await exchange(stack, 'I live in Paris.');
      const before = server.requests.length;
      const prepared = await stack.prepare({ ...alice, text: 'thanks!' });
      expect(server.requests.length).toBe(before);
      expect(prepared.facts).toEqual([]);
      await stack.close();
    });

    it('reads and writes no vector without an embedder', async () => {
      const calls: string[] = [];
      const vectors = store.vectors as VectorStore;
      const counted: VectorStore = {
        writeFacts: (...args) => {
          calls.push('writeFacts');
          return vectors.writeFacts(...args);
        },
        writeTurns: (...args) => {
          calls.push('writeTurns');
          return vectors.writeTurns(...args);
        },
        readFacts: (...args) => {
          calls.push('readFacts');
          return vectors.readFacts(...args);
        },
        readTurns: (...args) => {
          calls.push('readTurns');
          return vectors.readTurns(...args);
        },
        missingFacts: (...args) => {
          calls.push('missingFacts');
          return vectors.missingFacts(...args);
        },
        missingTurns: (...args) => {
          calls.push('missingTurns');
          return vectors.missingTurns(...args);
        },
      };
      const stack = createMemoryStack({
        store: { ...store, vectors: counted, forget: store.forget, close: store.close },
        extractor: personalFactsExtractor,
        limits: { turnRecall: 2, historyMaxTurns: 2 },
      });
      await exchange(stack, 'I live in Paris.');
      await exchange(stack, 'I drink green tea every morning.');
      await stack.prepare({ ...alice, text: 'Where do I live?' });
      expect(calls).toEqual([]);
      expect(server.requests).toEqual([]);
    });
  });
}

describe('embedder options', () => {
  it('refuses an embedder on a store that keeps no vectors, and a bad query timeout', () => {
    const store = sqliteStore({ path: ':memory:' });
    const embedder = openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'm' });
    const { vectors: _vectors, ...withoutVectors } = store;
    expect(() => createMemoryStack({ store: withoutVectors, embedder })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIG' }),
    );
    expect(() => createMemoryStack({ store, embedder, embedQueryTimeoutMs: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIG' }),
    );
    expect(() => createMemoryStack({ store, embedder: { model: 'm' } as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONFIG' }),
    );
    store.database.close();
  });
});

describe.skipIf(!TEST_POSTGRES_URL)('copySqliteToPostgres', () => {
  it('copies the vectors of facts and turns', async () => {
    const sqlite = sqliteStore({ database: new Database(':memory:') as never });
    const stack = createMemoryStack({
      store: sqlite,
      extractor: personalFactsExtractor,
      embedder: openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'hash-embed' }),
    });
    const prepared = await stack.prepare({ ...alice, text: 'I live in Paris.' });
    await stack.record(prepared, { text: 'Noted.' });
    await stack.idle();
    const expected = await sqlite.vectors.readFacts(scope, { model: 'hash-embed', ids: [], recent: 10 });
    expect(expected).toHaveLength(1);
    const schema = uniqueSchema('embedcopy');
    schemas.push(schema);
    const target = await postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, jobs: false });
    try {
      await copySqliteToPostgres(sqlite.database, target);
      const copied = await target.vectors.readFacts(scope, { model: 'hash-embed', ids: [], recent: 10 });
      expect(copied.map((row) => [row.fact.text, [...row.vector]])).toEqual(
        expected.map((row) => [row.fact.text, [...row.vector]]),
      );
      const sessionKey = prepared.session.key;
      const turns = await target.vectors.readTurns(sessionKey, { model: 'hash-embed', ids: [], recent: 10 });
      expect(turns.map((row) => row.turn.role)).toEqual(expect.arrayContaining(['user', 'assistant']));
    } finally {
      await target.close();
      await stack.close();
    }
  });
});
