import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStore } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import type { RecordedTurn } from '../../src/stack/memory-stack.js';
import { PROCESSES_TIMEOUT } from '../support/built-cli.js';
import { FIRST_CALL, REPEATED_CALL, withoutWorker } from '../support/repeated-call.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const script = join(dirname(fileURLToPath(import.meta.url)), '../support/repeat-copy.ts');
const COPIES = 4;
const SESSION = 'writer/-/-/@alice';

/** Opens one more store on the test's database. */
type Open = () => MemoryStore | Promise<MemoryStore>;

interface CopyResult {
  alreadyRecordedAtDecorate: boolean;
  recorded: RecordedTurn;
}

/** Copies of the call in processes of their own: every one decorates, then all record at once. */
async function copiesInProcesses(database: string, schema: string): Promise<CopyResult[]> {
  const children = Array.from({ length: COPIES }, (_, copy) => {
    const child: ChildProcessWithoutNullStreams = spawn(
      process.execPath,
      ['--import', 'tsx', script, database, schema, String(copy)],
      { stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator](), stderr: () => stderr };
  });
  // Every copy has read the session (none sees another's turn) before any records.
  for (const { lines, stderr } of children) expect((await lines.next()).value, stderr()).toBe('decorated');
  for (const { child } of children) child.stdin.end('go\n');
  const results: CopyResult[] = [];
  for (const { lines, stderr } of children) {
    const line = await lines.next();
    expect(line.done, stderr()).toBe(false);
    results.push(JSON.parse(line.value as string));
  }
  return results;
}

/** Copies of the call through stores of their own (connections, or pools) in this process, recorded at once. */
async function copiesInConnections(open: Open): Promise<CopyResult[]> {
  const stores = await Promise.all(Array.from({ length: COPIES }, open));
  const stacks = stores.map((store) => createMemoryStack(withoutWorker(store)));
  try {
    const decorated = await Promise.all(stacks.map((stack) => stack.decorate(REPEATED_CALL)));
    const recorded = await Promise.all(
      stacks.map((stack, copy) => stack.record(decorated[copy] as never, { text: `More notes, from copy ${copy}.` })),
    );
    return decorated.map((turn, copy) => ({
      alreadyRecordedAtDecorate: turn.alreadyRecorded,
      recorded: recorded[copy] as RecordedTurn,
    }));
  } finally {
    for (const stack of stacks) await stack.close();
  }
}

/** One copy stored, every copy given its ids; a copy sent afterwards is known when decorated; one extraction job. */
async function expectStoredOnce(results: CopyResult[], open: Open): Promise<void> {
  for (const { alreadyRecordedAtDecorate } of results) expect(alreadyRecordedAtDecorate).toBe(false);
  const stored = results.filter(({ recorded }) => !recorded.alreadyRecorded);
  expect(stored).toHaveLength(1);
  const ids = stored[0]?.recorded;
  for (const { recorded } of results) {
    expect(recorded).toMatchObject({ userTurnId: ids?.userTurnId, assistantTurnId: ids?.assistantTurnId });
  }
  const late = createMemoryStack(withoutWorker(await open()));
  try {
    const retry = await late.decorate(REPEATED_CALL);
    expect(retry.alreadyRecorded).toBe(true);
    expect(await late.record(retry, { text: 'Late copy.' })).toMatchObject({ alreadyRecorded: true });
  } finally {
    await late.close();
  }
  const store = await open();
  try {
    const turns = (await store.sessions.read(SESSION))?.turns ?? [];
    expect(turns.map((turn) => turn.text).filter((text) => text === 'continue')).toHaveLength(1);
    expect(turns).toHaveLength(4);
    if (store.jobs) {
      const queued = await store.jobs.list({ state: 'queued', limit: 100 });
      expect(queued.filter(({ job }) => job.kind === 'extract' && job.userTurnId === ids?.userTurnId)).toHaveLength(1);
    }
  } finally {
    await store.close();
  }
}

/** A database holding the conversation's first exchange. */
async function withFirstTurn(open: Open): Promise<void> {
  const setup = createMemoryStack(withoutWorker(await open()));
  await setup.record(await setup.decorate(FIRST_CALL), { text: 'Here they are.' });
  await setup.close();
}

describe('copies of one call on one SQLite file are stored once', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-repeat-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it(
    `from ${COPIES} processes that each read the session before any records`,
    async () => {
      const path = join(directory, 'processes.db');
      const open = () => sqliteStore({ path });
      await withFirstTurn(open);
      await expectStoredOnce(await copiesInProcesses(path, '-'), open);
    },
    PROCESSES_TIMEOUT,
  );

  it(`from ${COPIES} connections of one process`, async () => {
    const path = join(directory, 'connections.db');
    const open = () => sqliteStore({ path });
    await withFirstTurn(open);
    await expectStoredOnce(await copiesInConnections(open), open);
  });
});

describe.skipIf(TEST_POSTGRES_URL === undefined)(
  `copies of one call on one Postgres schema are stored once${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`,
  () => {
    const schemas: string[] = [];
    afterAll(async () => {
      await dropSchemas(...schemas);
    });
    const database = (): { schema: string; open: Open } => {
      const schema = uniqueSchema('repeat');
      schemas.push(schema);
      return {
        schema,
        open: () => postgresStore({ connectionString: TEST_POSTGRES_URL as string, schema, jobs: false }),
      };
    };

    it(
      `from ${COPIES} processes that each read the session before any records`,
      async () => {
        const { schema, open } = database();
        await withFirstTurn(open);
        await expectStoredOnce(await copiesInProcesses(TEST_POSTGRES_URL as string, schema), open);
      },
      PROCESSES_TIMEOUT,
    );

    it(`from ${COPIES} pools of one process`, async () => {
      const { open } = database();
      await withFirstTurn(open);
      await expectStoredOnce(await copiesInConnections(open), open);
    });
  },
);
