import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresStore } from '../../src/postgres.js';
import { PROCESSES_TIMEOUT } from '../support/built-cli.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const support = join(dirname(fileURLToPath(import.meta.url)), '../support');

/** A worker of the store's queue in a child process; resolves `line` with the first line it prints, `ended` with its signal. */
function runWorker(schema: string, mode: 'hang' | 'finish') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(support, 'postgres-job-worker.ts'), TEST_POSTGRES_URL as string, schema, mode],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  const line = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('\n')) resolve(output.slice(0, output.indexOf('\n')));
    });
  });
  const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
  return { line, ended, kill: () => child.kill('SIGKILL') };
}

describe.skipIf(!TEST_POSTGRES_URL)(
  TEST_POSTGRES_URL ? 'a Postgres worker killed mid-job' : `a Postgres worker killed mid-job: skipped, ${NO_POSTGRES}`,
  () => {
    const schema = uniqueSchema('kill');
    afterAll(() => dropSchemas(schema));

    it(
      'leaves its job to another worker once its lease ends, which finishes it, once in effect',
      async () => {
        const store = await postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, poolSize: 2 });
        const { pool, jobs } = store;
        if (!jobs) throw new Error('the store keeps jobs by default');
        try {
          await pool.query(`CREATE TABLE "${schema}".attempts (job_id text NOT NULL, worker text NOT NULL)`);
          await pool.query(`CREATE TABLE "${schema}".effects (job_id text PRIMARY KEY)`);
          const job = {
            kind: 'extract' as const,
            sessionKey: 's1',
            previousTurnId: null,
            userTurnId: 1,
            throughTurnId: 2,
          };
          const id = await jobs.enqueue(job, { at: new Date() });

          const doomed = runWorker(schema, 'hang');
          expect(await doomed.line).toBe(`claimed ${id}`);
          doomed.kill();
          expect(await doomed.ended).toBe('SIGKILL');
          expect((await jobs.list({ state: 'running', limit: 10 })).map((view) => view.id)).toEqual([id]);

          // Another machine's process cannot be checked: the other worker waits for the lease to end (1 s).
          const survivor = runWorker(schema, 'finish');
          expect(await survivor.line).toBe(`done ${id} 2 true`);
          await survivor.ended;

          const attempts = await pool.query(`SELECT worker FROM "${schema}".attempts WHERE job_id = $1`, [id]);
          expect(attempts.rows).toHaveLength(2);
          const effects = await pool.query(`SELECT job_id FROM "${schema}".effects`);
          expect(effects.rows).toEqual([{ job_id: id }]);
          expect(await jobs.list({ state: 'done', limit: 10 })).toMatchObject([{ id, attempts: 2, error: null }]);
          expect(await jobs.failed({ limit: 10 })).toEqual([]);
        } finally {
          await store.close();
        }
      },
      PROCESSES_TIMEOUT,
    );
  },
);
