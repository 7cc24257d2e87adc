import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import { PROCESSES_TIMEOUT } from '../support/built-cli.js';
import { startEmbeddingsServer } from '../support/embeddings-server.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'dist/cli/main.js');

/** `memstack worker` as an operator runs it: the built bin, stopped by a signal once `until` shows in its output. */
function runWorker(args: string[], until: RegExp) {
  const child = spawn(process.execPath, [bin, 'worker', ...args], { cwd: root });
  let output = '';
  const seen = new Promise<void>((resolvePromise) => {
    const onData = (data: Buffer): void => {
      output += data.toString();
      if (until.test(output)) resolvePromise();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<number | string | null>((resolvePromise) =>
    child.on('exit', (code, signal) => resolvePromise(code ?? signal)),
  );
  return { seen, exited, output: () => output, signal: (name: NodeJS.Signals) => child.kill(name) };
}

describe('memstack worker (the built CLI)', { timeout: PROCESSES_TIMEOUT }, () => {
  let directory: string;
  const schemas: string[] = [];
  beforeAll(() => {
    if (!existsSync(bin)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    directory = mkdtempSync(join(tmpdir(), 'memstack-worker-'));
  });
  afterAll(async () => {
    rmSync(directory, { recursive: true, force: true });
    await dropSchemas(...schemas);
  });

  it('runs the job a recorded exchange left in a SQLite file, logs it, and stops on SIGTERM', async () => {
    const path = join(directory, 'app.db');
    const scope = { agentId: 'bot', userId: 'alice' };
    // The application records and runs no job: they are the worker's.
    const app = createMemoryStack({ store: sqliteStore({ path }), runJobs: false });
    await app.record(await app.prepare({ ...scope, text: 'I always deploy with Terraform Cloud.' }), {
      text: 'Noted.',
    });
    await app.close();

    const worker = runWorker(['--db', path], /^done job \d+ extract /m);
    await worker.seen;
    // Still there once idle: a worker waits for the next job.
    await sleep(1500);
    worker.signal('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
    expect(worker.output()).toMatch(/^memstack worker on .*app\.db$/m);
    expect(worker.output()).toMatch(/^memstack worker stopped$/m);

    const store = sqliteStore({ path });
    expect((await store.facts.list(scope)).map((fact) => fact.text)).toEqual([
      'User always deploys with Terraform Cloud',
    ]);
    // The exchange's job is done (a purge it queued may wait for the next worker: a stopping worker claims nothing).
    expect(store.database.prepare('SELECT state FROM jobs WHERE session_key IS NOT NULL').all()).toEqual([
      { state: 'done' },
    ]);
    await store.close();
  });

  it('computes the vectors of the exchanges it extracts when given an embedder, and refuses half of its flags', async () => {
    const server = await startEmbeddingsServer();
    try {
      const path = join(directory, 'vectors.db');
      const scope = { agentId: 'bot', userId: 'alice' };
      const app = createMemoryStack({ store: sqliteStore({ path }), runJobs: false });
      await app.record(await app.prepare({ ...scope, text: 'I always deploy with Terraform Cloud.' }), {
        text: 'Noted.',
      });
      await app.close();

      const half = runWorker(['--db', path, '--embed-model', 'test-embed'], /go together/);
      expect(await half.exited).toBe(1);
      expect(half.output()).toMatch(/--embed-base-url and --embed-model go together/);

      const worker = runWorker(
        ['--db', path, '--embed-base-url', server.baseURL, '--embed-model', 'test-embed'],
        /^done job \d+ extract /m,
      );
      await worker.seen;
      worker.signal('SIGTERM');
      expect(await worker.exited, worker.output()).toBe(0);
      expect(worker.output()).toMatch(/^memstack worker on .*vectors\.db \(vectors: test-embed\)$/m);
      expect(server.requests.map((request) => request.model)).toEqual(['test-embed']);

      const store = sqliteStore({ path });
      const models = (table: string) =>
        store.database.prepare(`SELECT vector_model AS model FROM ${table} ORDER BY id`).all();
      expect(models('facts')).toEqual([{ model: 'test-embed' }]);
      expect(models('turns')).toEqual([{ model: 'test-embed' }, { model: 'test-embed' }]);
      await store.close();
    } finally {
      await server.close();
    }
  });

  it.skipIf(!TEST_POSTGRES_URL)(
    `runs the jobs an application left in PostgreSQL, on a schema of its own${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`,
    async () => {
      const url = TEST_POSTGRES_URL as string;
      const schema = uniqueSchema('worker');
      schemas.push(schema);
      const scope = { agentId: 'bot', userId: 'alice' };
      const app = createMemoryStack({ store: await postgresStore({ connectionString: url, schema }), runJobs: false });
      await app.record(await app.prepare({ ...scope, text: 'I always deploy with Terraform Cloud.' }), {
        text: 'Noted.',
      });
      await app.close();

      const worker = runWorker(['--db', url, '--schema', schema], /^done job \S+ extract /m);
      await worker.seen;
      worker.signal('SIGTERM');
      expect(await worker.exited, worker.output()).toBe(0);
      const store = await postgresStore({ connectionString: url, schema });
      try {
        expect((await store.facts.list(scope)).map((fact) => fact.text)).toEqual([
          'User always deploys with Terraform Cloud',
        ]);
        // No extraction left; a purge the worker's schedule queued meanwhile may be.
        const queued = (await store.jobs?.list({ state: 'queued', limit: 10 })) ?? [];
        expect(queued.filter((job) => job.job.kind !== 'purge')).toEqual([]);
      } finally {
        await store.close();
      }
    },
  );

  it('says so when it cannot reach the Postgres server, without the password, and exits with an error', async () => {
    const worker = runWorker(['--db', 'postgres://nobody:secret@127.0.0.1:1/none'], /memstack: /);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/cannot connect to PostgreSQL at 127.0.0.1:1/);
    expect(worker.output()).not.toMatch(/secret/);
  });
});
