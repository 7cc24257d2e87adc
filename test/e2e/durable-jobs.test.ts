import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStore } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import type { ExtractionWrite } from '../../src/store-kit.js';
import { scriptedExtractor } from '../support/scripted-extractor.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const directory = mkdtempSync(join(tmpdir(), 'memstack-jobs-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const postgresSchemas: string[] = [];
afterAll(() => dropSchemas(...postgresSchemas));
const support = join(dirname(fileURLToPath(import.meta.url)), '../support');

/**
 * Runs a script of test/support in a child process; resolves with its stdout and how it ended. `started` resolves
 * when it prints `ready`; `go` closes its stdin.
 */
function runChild(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(support, script), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.startsWith('ready\n')) ready();
  });
  const ended = new Promise<{ output: string; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (_code, signal) => resolve({ output, signal })),
  );
  return { started, go: () => child.stdin.end(), ended };
}

describe('durable jobs', () => {
  it('runs the extraction of a turn whose process was killed right after record(), when the file is next opened', async () => {
    const path = join(directory, 'killed.db');
    const { output, signal } = await runChild('record-then-die.ts', [path]).ended;
    expect(signal).toBe('SIGKILL');
    expect(output).toBe('recorded\n');

    const store = sqliteStore({ path });
    // The turn is there, its job is queued, and nothing was extracted yet.
    expect(store.database.prepare('SELECT count(*) AS n FROM turns').get()).toEqual({ n: 2 });
    expect(store.database.prepare("SELECT count(*) AS n FROM jobs WHERE state = 'queued'").get()).toEqual({ n: 1 });
    expect(await store.facts.list({ agentId: 'bot', userId: 'alice' })).toEqual([]);

    const stack = createMemoryStack({ store });
    await stack.idle();
    const facts = await stack.facts.list({ agentId: 'bot', userId: 'alice' });
    expect(facts.map((fact) => fact.text)).toEqual(['User always deploys with Terraform Cloud']);
    // Nothing left to run; the finished jobs are kept for a while, to be shown.
    expect(store.database.prepare("SELECT count(*) AS n FROM jobs WHERE state != 'done'").get()).toEqual({ n: 0 });
    const done = await store.jobs?.list({ state: 'done', limit: 10 });
    expect(done?.map((job) => job.job.kind)).toContain('extract');
    expect(done?.every((job) => job.finishedAt instanceof Date && job.error === null)).toBe(true);
    await stack.close();
  }, 60_000);

  it('runs at once the job of a process killed while it held the lease, not when its lease expires', async () => {
    const path = join(directory, 'lease-of-the-dead.db');
    const child = spawn(process.execPath, ['--import', 'tsx', join(support, 'claim-then-hang.ts'), path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, signal) => resolve(signal)),
    );
    // Killed inside the extractor call: the job is leased to it (for minutes, the default) and was never finished.
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('extracting') && resolve()),
    );
    child.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');

    const store = sqliteStore({ path });
    const held = store.database.prepare("SELECT lease_until FROM jobs WHERE state = 'queued'").get() as {
      lease_until: number;
    };
    expect(held.lease_until).toBeGreaterThan(Date.now() + 30_000);
    const stack = createMemoryStack({ store });
    // Another process on the same machine sees the lease's process is gone: the job runs now, well before the lease
    // would have expired (the test's own timeout is shorter than the lease).
    await stack.idle();
    const facts = await stack.facts.list({ agentId: 'bot', userId: 'alice' });
    expect(facts.map((fact) => fact.text)).toEqual(['User always deploys with Terraform Cloud']);
    expect(store.database.prepare("SELECT state, attempts FROM jobs WHERE payload LIKE '%extract%'").all()).toEqual([
      { state: 'done', attempts: 2 },
    ]);
    await stack.close();
  }, 60_000);

  it('loses no pin update when another worker writes the pin while a job runs: the stale write is retried', async () => {
    const path = join(directory, 'two-workers.db');
    const scope = { agentId: 'bot', userId: 'alice', threadId: 't1' };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const extractor = scriptedExtractor(async (text) => {
      if (text.startsWith('Migrate')) return { task: 'Migrate billing to Postgres' };
      entered();
      await gate;
      return { clarification: 'Region: eu-west-1' };
    });
    const storeA = sqliteStore({ path });
    const writes: Array<{ write: ExtractionWrite; written: boolean }> = [];
    const sessions = storeA.sessions;
    const watched = {
      ...storeA,
      sessions: {
        ...sessions,
        commitExtraction: async (key: string, write: ExtractionWrite) => {
          const written = await sessions.commitExtraction(key, write);
          writes.push({ write, written: written !== null });
          return written;
        },
      },
    };
    const stackA = createMemoryStack({ store: watched, extractor });
    const first = await stackA.prepare({ ...scope, text: 'Migrate the billing service to Postgres this week.' });
    await stackA.record(first, { text: 'Sure. Which region should it run in?' });
    await stackA.idle();
    const answer = await stackA.prepare({ ...scope, text: 'eu-west-1 please' });
    await stackA.record(answer, { text: 'Done.' });
    await waiting;

    // Another worker (another process, on the same file) adds a clarification while the job waits on its model.
    const storeB = sqliteStore({ path });
    const key = answer.session.key;
    const read = (await storeB.sessions.read(key))?.session;
    if (!read?.pin) throw new Error('the task was not pinned');
    const other = { text: 'Budget: 2 days', userId: 'bob', at: Date.now(), source: 'user' as const };
    const pin = { ...read.pin, clarifications: [...read.pin.clarifications, other] };
    expect(await storeB.sessions.update(key, { pin: { value: pin, expectedPinVersion: read.pinVersion } })).toBe(true);
    await storeB.close();

    release();
    await stackA.idle();
    const after = (await storeA.sessions.read(key))?.session;
    // Both answers are in the pin: the job's first write was refused (stale pin version), read again, and retried.
    expect(after?.pin?.clarifications.map((clarification) => clarification.text)).toEqual([
      'Budget: 2 days',
      'Region: eu-west-1',
    ]);
    const pinWrites = writes.filter(({ write }) => write.pin !== undefined);
    expect(pinWrites.map(({ written }) => written)).toEqual([true, false, true]);
    expect(after?.extractedThroughTurnId).toBe((await stackA.session(scope)).turns.at(-1)?.id);
    await stackA.close();
  }, 30_000);

  it('stores nothing twice when the same job runs again (after a crash, or a lease that expired under it)', async () => {
    const path = join(directory, 'rerun.db');
    const store = sqliteStore({ path });
    const scope = { agentId: 'bot', userId: 'alice' };
    const events: string[] = [];
    const stack = createMemoryStack({ store, onEvent: (event) => events.push(event.type) });
    const prepared = await stack.prepare({ ...scope, text: 'I always deploy with Terraform Cloud.' });
    const ids = await stack.record(prepared, { text: 'Noted.' });
    await stack.idle();
    expect(await stack.facts.list(scope)).toHaveLength(1);
    const eventsBefore = events.length;
    // The same job, queued again as a worker that died after its writes would leave it.
    if (!store.jobs) throw new Error('a file store keeps jobs');
    await store.jobs.enqueue(
      {
        kind: 'extract',
        sessionKey: prepared.session.key,
        previousTurnId: null,
        userTurnId: ids.userTurnId,
        throughTurnId: ids.assistantTurnId,
      },
      { at: new Date() },
    );
    await stack.idle();
    expect(await stack.facts.list(scope)).toHaveLength(1);
    expect(events.slice(eventsBefore)).toEqual([]);
    expect(store.database.prepare("SELECT count(*) AS n FROM jobs WHERE state != 'done'").get()).toEqual({ n: 0 });
    await stack.close();
  });

  /**
   * Enqueues 300 jobs of 30 sessions, then lets four processes claim them at once (`job-claimer.ts` with `args` after
   * the worker's name): each must be completed by exactly one.
   */
  async function claimTogether(store: MemoryStore, args: (worker: string) => string[]) {
    if (!store.jobs) throw new Error('the store keeps jobs');
    const ids: string[] = [];
    for (let index = 0; index < 300; index += 1) {
      const turn = 2 * index + 1;
      const job = { kind: 'extract' as const, sessionKey: `s${index % 30}`, previousTurnId: null, userTurnId: turn };
      ids.push(await store.jobs.enqueue({ ...job, throughTurnId: turn + 1 }, { at: new Date(0) }));
    }
    await store.close();
    const children = ['a', 'b', 'c', 'd'].map((worker) => runChild('job-claimer.ts', args(worker)));
    await Promise.all(children.map((child) => child.started));
    for (const child of children) child.go();
    const results = await Promise.all(children.map((child) => child.ended));
    const completed = results.map(({ output }) => JSON.parse(output.slice('ready\n'.length)) as string[]);
    expect(completed.flat().sort((a, b) => Number(a) - Number(b))).toEqual(ids);
    // Not a vacuous race: more than one process got work.
    expect(completed.filter((list) => list.length > 0).length).toBeGreaterThan(1);
  }

  it('gives each job to exactly one of several processes claiming from one file at once', async () => {
    const path = join(directory, 'claimers.db');
    await claimTogether(sqliteStore({ path }), (worker) => [path, worker]);
  }, 60_000);

  it.skipIf(!TEST_POSTGRES_URL)(
    `gives each job to exactly one of several processes claiming from one Postgres schema at once${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`,
    async () => {
      const url = TEST_POSTGRES_URL as string;
      const schema = uniqueSchema('claimers');
      postgresSchemas.push(schema);
      const store = await postgresStore({ connectionString: url, schema, poolSize: 2 });
      await claimTogether(store, (worker) => [url, worker, schema]);
    },
    60_000,
  );

  it("leaves the jobs to the workers when opened with runJobs: false (a tool on an application's file)", async () => {
    const path = join(directory, 'not-a-worker.db');
    const scope = { agentId: 'bot', userId: 'alice' };
    const facts = scriptedExtractor(async () => ({ facts: ['User deploys on Fly.io'] }));
    const tool = createMemoryStack({ store: sqliteStore({ path }), extractor: facts, runJobs: false });
    const prepared = await tool.prepare({ ...scope, text: 'We deploy every service on Fly.io these days.' });
    await tool.record(prepared, { text: 'Noted.' });
    await tool.idle();
    expect(await tool.facts.list(scope)).toEqual([]);
    await tool.close();
    const worker = createMemoryStack({ store: sqliteStore({ path }), extractor: facts });
    await worker.idle();
    expect((await worker.facts.list(scope)).map((fact) => fact.text)).toEqual(['User deploys on Fly.io']);
    await worker.close();
    expect(() => createMemoryStack({ store: sqliteStore({ path: ':memory:' }), runJobs: false })).toThrow(/runJobs/);
  });
});
