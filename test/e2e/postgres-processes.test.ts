import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import { EXCHANGES, scopeOf } from '../support/spread-conversation.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const support = join(dirname(fileURLToPath(import.meta.url)), '../support');
const PROCESSES = 4;
const SESSIONS = 50;
const schemas: string[] = [];
afterAll(() => dropSchemas(...schemas));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(support, 'postgres-spread-writer.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What one process alone, on SQLite, remembers of the same conversations: the pins and facts to expect. */
async function expected(): Promise<Array<{ pinned: string | null; facts: string[] }>> {
  const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
  const memory: Array<{ pinned: string | null; facts: string[] }> = [];
  for (let session = 0; session < SESSIONS; session += 1) {
    for (const exchange of EXCHANGES) {
      const { user, reply } = exchange(session);
      const prepared = await stack.prepare({ ...scopeOf(session), text: user });
      await stack.record(prepared, { text: reply });
      await stack.idle();
    }
    const view = await stack.session(scopeOf(session));
    const facts = (await stack.facts.list(scopeOf(session))).map((fact) => fact.text).sort();
    memory.push({ pinned: view.pinned, facts });
  }
  await stack.close();
  return memory;
}

describe.skipIf(!TEST_POSTGRES_URL)(
  `several processes on one PostgreSQL${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`,
  () => {
    it(`${PROCESSES} processes x ${SESSIONS} sessions, each session's turns spread over the processes: no turn lost, duplicated or reordered, no pin update lost, each extraction done once`, async () => {
      const url = TEST_POSTGRES_URL as string;
      const schema = uniqueSchema('spread');
      schemas.push(schema);
      // Created once, as a deployment would; the processes then open it at once (migrations find it current).
      await (await postgresStore({ connectionString: url, schema })).close();
      const startAt = Date.now() + 5000;
      const results = await Promise.all(
        Array.from({ length: PROCESSES }, (_, index) =>
          run([url, schema, String(index), String(PROCESSES), String(SESSIONS), String(startAt)]),
        ),
      );
      for (const result of results) {
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ errors: [] });
      }
      const written = results.reduce(
        (sum, result) => sum + JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}').written,
        0,
      );
      expect(written).toBe(SESSIONS * EXCHANGES.length);

      const memory = await expected();
      const store = await postgresStore({ connectionString: url, schema });
      const stack = createMemoryStack({ store });
      try {
        await stack.idle();
        for (let session = 0; session < SESSIONS; session += 1) {
          const view = await stack.session(scopeOf(session));
          expect(view.turns.map((turn) => turn.text)).toEqual(
            EXCHANGES.flatMap((exchange) => {
              const { user, reply } = exchange(session);
              return [user, reply];
            }),
          );
          expect(view.pinned).toBe(memory[session]?.pinned);
          const facts = (await stack.facts.list(scopeOf(session))).map((fact) => fact.text).sort();
          expect(facts).toEqual(memory[session]?.facts);
        }
        const jobs = store.jobs;
        if (!jobs) throw new Error('the Postgres store keeps no jobs');
        expect(await jobs.failed({ limit: 10 })).toEqual([]);
        expect(await jobs.list({ state: 'queued', limit: 10 })).toEqual([]);
        expect(await jobs.list({ state: 'running', limit: 10 })).toEqual([]);
      } finally {
        await stack.close();
      }
    }, 180_000);
  },
);
