import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, createMemoryStack, type MemoryStore } from '../../src/index.js';
import { openaiCompatibleEmbedder } from '../../src/openai-compatible.js';
import { sqliteStore } from '../../src/sqlite.js';
import type { VectorStore } from '../../src/store-kit.js';
import { bothStores } from '../support/both-stores.js';
import { type EmbeddingsServer, startEmbeddingsServer } from '../support/embeddings-server.js';
import { dropSchemas, NO_POSTGRES } from '../support/test-postgres.js';

const scope = { agentId: 'bot', userId: 'alice' };
const HAN = /\p{Script=Han}/u;

let server: EmbeddingsServer;
const schemas: string[] = [];
beforeAll(async () => {
  server = await startEmbeddingsServer({ dimensions: 64 });
});
afterAll(async () => {
  await server.close();
  await dropSchemas(...schemas);
});
beforeEach(() => {
  server.mode = 'ok';
  server.requests.length = 0;
});

const englishEmbedder = () =>
  openaiCompatibleEmbedder({ baseURL: server.baseURL, model: 'english-only', dimensions: 64, languages: ['en'] });
const sentTexts = () => server.requests.flatMap((request) => request.input);

for (const [name, openStore] of bothStores('embedlang', schemas)) {
  describe.skipIf(openStore === null)(
    `an embedder of some languages on ${name}${openStore === null ? ` (${NO_POSTGRES})` : ''}`,
    () => {
      let store: MemoryStore;
      beforeEach(async () => {
        store = await (openStore as () => Promise<MemoryStore>)();
      });
      afterEach(async () => {
        await store.close();
      });

      it('embeds only the texts in its languages, marks the others, and ranks messages in other languages lexically', async () => {
        const stack = createMemoryStack({ store, embedder: englishEmbedder() });
        const paris = await stack.facts.add(scope, 'User lives in Paris');
        const shanghai = await stack.facts.add(scope, '用户住在上海，在医院工作');
        expect(sentTexts()).toEqual(['User lives in Paris']);
        const vectors = store.vectors as VectorStore;
        const read = await vectors.readFacts(scope, {
          model: 'english-only',
          ids: [paris.id, shanghai.id],
          recent: 10,
        });
        expect(read.map((row) => row.fact.id)).toEqual([paris.id]);
        // The Chinese fact is marked, not missing: a backfill never sends it.
        expect(await vectors.missingFacts('english-only', { limit: 10 })).toEqual([]);
        expect(await stack.embedMissing()).toMatchObject({ facts: 0, turns: 0, complete: true });

        server.requests.length = 0;
        const found = await stack.facts.search(scope, '上海的医院', { limit: 3 });
        expect(found.map((fact) => fact.id)).toEqual([shanghai.id]);
        expect(server.requests).toEqual([]);
        await stack.facts.search(scope, 'Where does the user live?', { limit: 3 });
        expect(sentTexts()).toEqual(['Where does the user live?']);
        await stack.close();
      });

      it('backfills rows stored without an embedder: its languages get vectors, the others a mark, and nothing is left', async () => {
        const plain = createMemoryStack({ store });
        await plain.facts.add(scope, 'User works as a nurse');
        await plain.facts.add(scope, '用户喜欢喝绿茶');
        await plain.facts.add(scope, 'ユーザーは大阪に住んでいる');
        const stack = createMemoryStack({ store, embedder: englishEmbedder() });
        const report = await stack.embedMissing();
        expect(report).toMatchObject({ facts: 3, failed: 0, complete: true });
        expect(sentTexts()).toEqual(['User works as a nurse']);
        expect(sentTexts().some((text) => HAN.test(text))).toBe(false);
        server.requests.length = 0;
        expect(await stack.embedMissing()).toMatchObject({ facts: 0, turns: 0, complete: true });
        expect(server.requests).toEqual([]);
        await stack.close();
      });
    },
  );
}

describe('the languages of an embedder', () => {
  it('refuses a language no locale pack knows, or none at all, when the stack is created', () => {
    const stackWith = (languages: unknown) => () =>
      createMemoryStack({
        store: sqliteStore({ path: ':memory:' }),
        embedder: { ...englishEmbedder(), languages: languages as string[] },
      });
    expect(stackWith(['pt'])).toThrow(ConfigError);
    expect(stackWith(['pt'])).toThrow(/known: en, zh/);
    expect(stackWith([])).toThrow(ConfigError);
    expect(stackWith('en')).toThrow(ConfigError);
    expect(stackWith([42])).toThrow(ConfigError);
    expect(() => stackWith(['en', 'es'])().close()).not.toThrow();
    // The adapter takes the list as given (a list of strings), and names every language when it is unset.
    const make = (languages: unknown) => () =>
      openaiCompatibleEmbedder({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', languages: languages as string[] });
    expect(make('en')).toThrow(ConfigError);
    expect(make([])).toThrow(ConfigError);
    expect(make(['en', 'es'])()).toMatchObject({ languages: ['en', 'es'] });
    expect(make(undefined)().languages).toBeUndefined();
  });
});
