import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import type { VectorStore } from '../../src/store-kit.js';
import { CLI_BIN, PROCESSES_TIMEOUT, runMemstack } from '../support/built-cli.js';
import { type EmbeddingsServer, startEmbeddingsServer } from '../support/embeddings-server.js';

const bin = CLI_BIN;
const memstack = (...args: string[]) => runMemstack(args);

describe('memstack embed (the built CLI; `npm test` builds first)', { timeout: PROCESSES_TIMEOUT }, () => {
  let directory: string;
  let server: EmbeddingsServer;
  beforeAll(async () => {
    if (!existsSync(bin)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    directory = mkdtempSync(join(tmpdir(), 'memstack-embed-'));
    server = await startEmbeddingsServer({ dimensions: 32 });
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** A file holding 70 facts and one exchange (two turns), stored with no embedder. */
  const storedWithoutVectors = async (name: string): Promise<string> => {
    const path = join(directory, name);
    const stack = createMemoryStack({ store: sqliteStore({ path }) });
    for (let index = 0; index < 70; index += 1) {
      await stack.facts.add({ agentId: 'bot', userId: 'alice' }, `User keeps a notebook labelled ${index}`);
    }
    const prepared = await stack.prepare({ agentId: 'bot', userId: 'alice', text: 'Hello there' });
    await stack.record(prepared, { text: 'Hi!' });
    await stack.close();
    return path;
  };
  const missing = async (path: string, model: string): Promise<number> => {
    const store = sqliteStore({ path });
    const vectors = store.vectors as VectorStore;
    const count =
      (await vectors.missingFacts(model, { limit: 1000 })).length +
      (await vectors.missingTurns(model, { limit: 1000 })).length;
    await store.close();
    return count;
  };
  const flags = (path: string) => ['--db', path, '--embed-base-url', server.baseURL, '--embed-model', 'hash-embed'];

  it('gives the rows stored without a vector theirs, and finds nothing the second time', async () => {
    const path = await storedWithoutVectors('app.db');
    expect(await missing(path, 'hash-embed')).toBe(72);
    server.mode = 'ok';
    const first = await memstack('embed', ...flags(path), '--json');
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(first.stdout)).toEqual({ facts: 70, turns: 2, failed: 0, complete: true });
    expect(await missing(path, 'hash-embed')).toBe(0);
    const second = await memstack('embed', ...flags(path));
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^embedded 0 facts and 0 turns with hash-embed in .*app\.db: none is left/);
  });

  it('stops with the counts and exit code 1 when the embedder fails, and a later run finishes', async () => {
    const path = await storedWithoutVectors('failing.db');
    server.mode = 'status-500';
    const failed = await memstack('embed', ...flags(path), '--limit', '10');
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^embedded 0 facts and 0 turns .* then stopped: run it again/);
    expect(failed.stderr).toMatch(/the embedder failed \(10 rows kept no vector\): .*\[MODEL_CALL_FAILED\]/);
    server.mode = 'ok';
    const limited = await memstack('embed', ...flags(path), '--limit', '10', '--json');
    expect(JSON.parse(limited.stdout)).toEqual({ facts: 10, turns: 0, failed: 0, complete: false });
    const rest = await memstack('embed', ...flags(path), '--json');
    expect(JSON.parse(rest.stdout)).toEqual({ facts: 60, turns: 2, failed: 0, complete: true });
    expect(await missing(path, 'hash-embed')).toBe(0);
  });

  it('refuses a missing database, a key variable that is not set, and a base URL without a scheme', async () => {
    const path = await storedWithoutVectors('refused.db');
    const absent = await memstack('embed', ...flags(join(directory, 'absent.db')));
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain('no database at');
    const key = await memstack('embed', ...flags(path), '--embed-key-env', 'MEMSTACK_TEST_UNSET_KEY');
    expect(key.code).toBe(1);
    expect(key.stderr).toContain('MEMSTACK_TEST_UNSET_KEY is not set');
    const url = await memstack('embed', '--db', path, '--embed-base-url', 'localhost:1/v1', '--embed-model', 'm');
    expect(url.code).toBe(1);
    expect(url.stderr).toContain('needs a scheme');
    const none = await memstack('embed', '--db', path);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('--embed-offline');
    const both = await memstack('embed', ...flags(path), '--embed-offline');
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('--embed-offline names the embedder');
    const languages = await memstack('embed', ...flags(path), '--embed-languages', 'en,pt');
    expect(languages.code).toBe(1);
    expect(languages.stderr).toContain('not a language memstack knows');
    expect(await missing(path, 'hash-embed')).toBe(72);
  });

  it('embeds with the offline English model, and only the texts it reads (--embed-offline)', async () => {
    const path = join(directory, 'offline.db');
    const stack = createMemoryStack({ store: sqliteStore({ path }) });
    await stack.facts.add({ agentId: 'bot', userId: 'alice' }, 'User keeps bees on the roof');
    await stack.facts.add({ agentId: 'bot', userId: 'alice' }, '用户在屋顶上养蜜蜂');
    await stack.close();
    const model = 'universal-sentence-encoder-lite-en';
    expect(await missing(path, model)).toBe(2);
    const run = await memstack('embed', '--db', path, '--embed-offline', '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({ facts: 2, turns: 0, failed: 0, complete: true });
    expect(await missing(path, model)).toBe(0);
    const store = sqliteStore({ path });
    const read = await (store.vectors as VectorStore).readFacts(
      { agentId: 'bot', userId: 'alice' },
      { model, ids: [], recent: 10 },
    );
    await store.close();
    // The Chinese fact is marked as outside the model, not embedded.
    expect(read.map((row) => [row.fact.text, row.vector.length])).toEqual([['User keeps bees on the roof', 512]]);
  });

  it('sends only the texts in the languages of --embed-languages', async () => {
    const path = join(directory, 'languages.db');
    const stack = createMemoryStack({ store: sqliteStore({ path }) });
    await stack.facts.add({ agentId: 'bot', userId: 'alice' }, 'User plays the cello');
    await stack.facts.add({ agentId: 'bot', userId: 'alice' }, 'ユーザーはチェロを弾く');
    await stack.close();
    server.mode = 'ok';
    server.requests.length = 0;
    const run = await memstack('embed', ...flags(path), '--embed-languages', 'en', '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(server.requests.flatMap((request) => request.input)).toEqual(['User plays the cello']);
    expect(await missing(path, 'hash-embed')).toBe(0);
  });

  it("searches and adds facts with the application's embedder (facts search, add, edit take the same flags)", async () => {
    const meaning = await startEmbeddingsServer({ dimensions: 256, concepts: { lives: 'home', home: 'home' } });
    try {
      const path = join(directory, 'facts.db');
      const stack = createMemoryStack({ store: sqliteStore({ path }) });
      await stack.facts.add({ agentId: 'bot', userId: 'alice' }, 'User drinks green tea every morning');
      await stack.close();
      const scope = ['--db', path, '--agent', 'bot', '--user', 'alice'];
      const embed = ['--embed-base-url', meaning.baseURL, '--embed-model', 'hash-embed'];
      const added = await memstack('facts', 'add', 'User lives in Paris', ...scope, ...embed, '--json');
      expect(added).toMatchObject({ code: 0, stderr: '' });
      // The new fact has its vector; the one stored before has none until `memstack embed`.
      expect(await missing(path, 'hash-embed')).toBe(1);

      const query = 'Where is my home these days?';
      const fused = await memstack('facts', 'search', query, ...scope, ...embed, '--json');
      expect(fused.code).toBe(0);
      expect(JSON.parse(fused.stdout)[0]).toMatchObject({ text: 'User lives in Paris' });
      const lexical = await memstack('facts', 'search', query, ...scope, '--json');
      expect(JSON.parse(lexical.stdout)).toEqual([]);
      // An edit with the embedder keeps the fact's vector current; without it, the fact has none until `embed`.
      const id = String(JSON.parse(added.stdout).id);
      expect((await memstack('facts', 'edit', id, 'User lives in Lyon', ...scope, ...embed)).code).toBe(0);
      expect(await missing(path, 'hash-embed')).toBe(1);
      expect((await memstack('facts', 'edit', id, 'User lives in Nice', ...scope)).code).toBe(0);
      expect(await missing(path, 'hash-embed')).toBe(2);
      const half = await memstack('facts', 'search', query, ...scope, '--embed-model', 'hash-embed');
      expect(half.code).toBe(1);
      expect(half.stderr).toContain('--embed-base-url and --embed-model go together');
    } finally {
      await meaning.close();
    }
  });

  it('sends the key of --embed-key-env as a bearer token', async () => {
    const path = await storedWithoutVectors('keyed.db');
    server.mode = 'ok';
    server.authorizations.length = 0;
    const { code, stdout } = await runMemstack(
      ['embed', ...flags(path), '--embed-key-env', 'MEMSTACK_TEST_EMBED_KEY', '--json'],
      { ...process.env, MEMSTACK_TEST_EMBED_KEY: 'sk-test-123' },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ facts: 70, turns: 2, complete: true });
    // Three requests: 64 facts, 6 facts, 2 turns.
    expect(server.authorizations).toEqual(Array(3).fill('Bearer sk-test-123'));
  });
});
