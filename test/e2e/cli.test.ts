import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, PROCESSES_TIMEOUT, PROJECT_ROOT, runMemstack } from '../support/built-cli.js';

const root = PROJECT_ROOT;
const bin = CLI_BIN;
const memstack = (...args: string[]) => runMemstack(args);

describe('memstack replay (the built CLI; `npm test` builds first)', { timeout: PROCESSES_TIMEOUT }, () => {
  let directory: string;
  beforeAll(() => {
    if (!existsSync(bin)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    directory = mkdtempSync(join(tmpdir(), 'memstack-cli-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('prints its version', async () => {
    const { code, stdout } = await memstack('--version');
    expect(code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(stdout.trim()).toBe(manifest.version);
  });

  it('replays the English example: pin, clarification, and facts used later', async () => {
    const { code, stdout } = await memstack('replay', 'examples/vite-migration.jsonl', '--json');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as {
      turns: Array<{
        pinned: string | null;
        facts: Array<{ text: string }>;
        factsSource: string;
        recap: boolean;
        events: string[];
      }>;
      summary: { turns: number; factsStored: number; pinned: string; memoryShare: number };
    };
    expect(result.summary.turns).toBe(7);
    expect(result.turns[0]?.pinned).toBeNull();
    expect(result.turns[0]?.events.some((event) => event.startsWith('pinned: Help me migrate our React app'))).toBe(
      true,
    );
    expect(result.turns[1]?.recap).toBe(true);
    expect(result.summary.pinned).toContain('→ Keep the service worker behaviour identical');
    const pnpmTurn = result.turns[5];
    expect(pnpmTurn?.factsSource).toBe('relevance');
    expect(pnpmTurn?.facts.some((fact) => fact.text.includes('pnpm'))).toBe(true);
    expect(result.turns[6]?.facts.some((fact) => fact.text.includes('Node 20'))).toBe(true);
    expect(result.summary.factsStored).toBeGreaterThanOrEqual(2);
    expect(result.summary.memoryShare).toBeGreaterThan(0);
  });

  it('replays the Chinese example: a 2-character query word finds its fact', async () => {
    const { code, stdout } = await memstack('replay', 'examples/vite-migration-zh.jsonl', '--json');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as {
      turns: Array<{ text: string; facts: Array<{ text: string }> }>;
      summary: { pinned: string };
    };
    expect(result.summary.pinned).toContain('迁移到 Vite');
    const deploy = result.turns.find((turn) => turn.text.startsWith('部署'));
    expect(deploy?.facts.map((fact) => fact.text)).toContain('用户的服务部署在 Cloudflare Workers 上');
  });

  it('prints a readable report by default', async () => {
    const { code, stdout } = await memstack('replay', 'examples/vite-migration.jsonl', '--layout', 'seed');
    expect(code).toBe(0);
    expect(stdout).toContain('── turn 1 · alice ──');
    expect(stdout).toMatch(/tokens: system \d+ · pin \d+/);
    expect(stdout).toContain('── summary ──');
  });

  it('names the line of a malformed conversation and exits non-zero', async () => {
    const path = join(directory, 'broken.jsonl');
    writeFileSync(path, '{"role":"user","text":"hi"}\n{"role":"robot","text":"x"}\n');
    const { code, stderr } = await memstack('replay', path);
    expect(code).toBe(1);
    expect(stderr).toContain('broken.jsonl:2');
    expect(stderr).toContain('[INVALID_ARGUMENT]');
  });

  it('rejects an unknown layout and a missing file', async () => {
    expect((await memstack('replay', 'examples/vite-migration.jsonl', '--layout', 'nope')).code).not.toBe(0);
    const missing = await memstack('replay', join(directory, 'nothing.jsonl'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');
  });
});

describe('memstack facts, pin and forget (the built CLI, on an existing file)', { timeout: PROCESSES_TIMEOUT }, () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-cli-edit-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("lists, searches, adds and removes a user's facts, shows the pin, and forgets only when told to", async () => {
    const db = join(directory, 'app.db');
    const { createMemoryStack } = await import('../../src/index.js');
    const { sqliteStore } = await import('../../src/sqlite.js');
    const app = createMemoryStack({ store: sqliteStore({ path: db }) });
    const scope = { agentId: 'app', userId: 'alice' };
    await app.facts.add(scope, 'User deploys on Fly.io');
    await app.record(await app.prepare({ ...scope, text: 'Help me migrate the billing service to Postgres.' }), {
      text: 'Sure.',
    });
    await app.idle();
    await app.close();
    const flags = ['--db', db, '--agent', 'app', '--user', 'alice'];

    const listed = await memstack('facts', 'list', ...flags, '--json');
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as Array<{ text: string }>).map((fact) => fact.text)).toContain(
      'User deploys on Fly.io',
    );
    const added = await memstack('facts', 'add', 'User prefers Vitest over Jest', ...flags, '--json');
    const addedFact = JSON.parse(added.stdout) as { id: number; added: boolean };
    expect(addedFact.added).toBe(true);
    const found = await memstack('facts', 'search', 'which test runner, vitest?', ...flags);
    expect(found.stdout).toContain('User prefers Vitest over Jest');
    expect((await memstack('facts', 'rm', String(addedFact.id), ...flags)).stdout).toContain(`removed ${addedFact.id}`);
    const other = await memstack('facts', 'rm', String(addedFact.id), '--db', db, '--agent', 'app', '--user', 'bob');
    expect(other.code).toBe(1);
    expect((await memstack('pin', 'show', ...flags)).stdout).toContain('billing service');

    const refused = await memstack('forget', ...flags);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('pass --yes');
    const forgotten = await memstack('forget', ...flags, '--yes', '--json');
    expect(forgotten.code).toBe(0);
    expect(JSON.parse(forgotten.stdout)).toMatchObject({ turns: 2 });
    expect(JSON.parse((await memstack('facts', 'list', ...flags, '--json')).stdout)).toEqual([]);
    expect((await memstack('facts', 'list', '--db', join(directory, 'missing.db'))).stderr).toContain('no database at');
  });

  it('lists sessions, corrects a fact and the pin, and clears the pin', async () => {
    const db = join(directory, 'corrections.db');
    const { createMemoryStack } = await import('../../src/index.js');
    const { sqliteStore } = await import('../../src/sqlite.js');
    const app = createMemoryStack({ store: sqliteStore({ path: db }) });
    for (const userId of ['alice', 'bob']) {
      const prepared = await app.prepare({
        agentId: 'app',
        userId,
        text: 'Help me migrate the billing service to Postgres.',
      });
      await app.record(prepared, { text: 'Sure.' });
    }
    const wrong = await app.facts.add({ agentId: 'app', userId: 'alice' }, 'User deploys on Heroku');
    await app.idle();
    await app.close();
    const flags = ['--db', db, '--agent', 'app', '--user', 'alice'];

    const sessions = await memstack('sessions', '--db', db, '--agent', 'app');
    expect(sessions.code).toBe(0);
    expect(sessions.stdout.trim().split('\n')).toHaveLength(2);
    expect(sessions.stdout).toMatch(/app\/-\/-\/@alice\t2 turns\talice/);
    const own = JSON.parse((await memstack('sessions', ...flags, '--json')).stdout) as Array<{ key: string }>;
    expect(own.map((session) => session.key)).toEqual(['app/-/-/@alice']);

    const edited = await memstack('facts', 'edit', String(wrong.id), 'User deploys on Fly.io', ...flags);
    expect(edited.stdout).toContain(`edited: ${wrong.id}\tUser deploys on Fly.io`);
    expect((await memstack('facts', 'list', ...flags)).stdout).toBe(`${wrong.id}\tUser deploys on Fly.io\n`);
    const elsewhere = await memstack(
      'facts',
      'edit',
      String(wrong.id),
      'x y z',
      '--db',
      db,
      '--agent',
      'app',
      '--user',
      'bob',
    );
    expect(elsewhere.code).toBe(1);
    const badId = await memstack('facts', 'edit', 'seven', 'User likes tea', ...flags);
    expect(badId.code).not.toBe(0);
    expect(badId.stderr).toContain('a fact id is a number');

    const set = await memstack('pin', 'set', 'Migrate billing to Postgres 16 on Fly.io', ...flags);
    expect(set.stdout).toContain('pinned: Migrate billing to Postgres 16 on Fly.io');
    expect((await memstack('pin', 'show', ...flags)).stdout).toBe('Migrate billing to Postgres 16 on Fly.io\n');
    expect((await memstack('pin', 'clear', ...flags)).stdout).toBe('nothing pinned\n');
    expect((await memstack('pin', 'show', ...flags)).stdout).toBe('(nothing pinned)\n');
    const nowhere = await memstack('pin', 'set', 'Anything at all', '--db', db, '--agent', 'app', '--user', 'carol');
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('NOT_FOUND');
  });

  it('exports a user to JSON lines and imports them into another file; a bad line names its line and field', async () => {
    const db = join(directory, 'export-source.db');
    const { createMemoryStack } = await import('../../src/index.js');
    const { sqliteStore } = await import('../../src/sqlite.js');
    const app = createMemoryStack({ store: sqliteStore({ path: db }) });
    const scope = { agentId: 'app', userId: 'alice' };
    await app.record(await app.prepare({ ...scope, text: 'Help me migrate the billing service to Postgres.' }), {
      text: 'Which version?',
    });
    await app.facts.add(scope, 'User deploys on Fly.io');
    await app.idle();
    await app.close();

    const exported = await memstack('export', '--db', db, '--agent', 'app', '--user', 'alice');
    expect(exported.code).toBe(0);
    // In a pipe, no progress bar: only the records.
    expect(exported.stderr).toBe('');
    const lines = exported.stdout.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
      'memstack-export',
      'session',
      'turn',
      'turn',
      'fact',
    ]);
    const file = join(directory, 'alice.jsonl');
    expect((await memstack('export', '--db', db, '--agent', 'app', '--user', 'alice', '--out', file)).code).toBe(0);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(5);

    const target = join(directory, 'export-target.db');
    const imported = await memstack('import', file, '--db', target, '--json');
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ sessions: 1, turns: 2, facts: 1, rejected: 0 });
    const facts = await memstack('facts', 'list', '--db', target, '--agent', 'app', '--user', 'alice');
    expect(facts.stdout).toContain('User deploys on Fly.io');
    expect((await memstack('pin', 'show', '--db', target, '--agent', 'app', '--user', 'alice')).stdout).toBe(
      (await memstack('pin', 'show', '--db', db, '--agent', 'app', '--user', 'alice')).stdout,
    );

    const broken = lines.map((line, index) => (index === 2 ? line.replace('"role":"user"', '"role":"robot"') : line));
    const bad = join(directory, 'bad.jsonl');
    writeFileSync(bad, `${broken.join('\n')}\n`);
    const refused = await memstack('import', bad, '--db', join(directory, 'never.db'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bad}:3: field role:`);
    // Checked whole first: nothing was written, not even the file.
    expect(existsSync(join(directory, 'never.db'))).toBe(false);
    writeFileSync(bad, `${lines[0]}\n{not json\n`);
    expect((await memstack('import', bad, '--db', target)).stderr).toContain(`${bad}:2: not JSON`);
  });
});

describe('clear errors (the built CLI)', { timeout: PROCESSES_TIMEOUT }, () => {
  it('refuses an unknown model and a base URL without a scheme at start, saying what to write instead', async () => {
    const database = join(tmpdir(), `memstack-errors-${process.pid}.db`);
    const unknown = await memstack('chat', '--model', 'gpt-4.1', '--db', database);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'unknown model "gpt-4.1": write anthropic:gpt-4.1, or openai:gpt-4.1 with --base-url',
    );
    const schemeless = await memstack(
      'chat',
      '--model',
      'openai:llama3.1',
      '--base-url',
      'localhost:11434/v1',
      '--db',
      database,
    );
    expect(schemeless.code).toBe(1);
    expect(schemeless.stderr).toContain('write http://localhost:11434/v1 or https://localhost:11434/v1');
    const serve = await memstack('serve', '--openai-base-url', 'api.openai.com', '--db', database);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('write http://api.openai.com or https://api.openai.com');
    rmSync(database, { force: true });
  });

  it('names the URL it could not reach', async () => {
    const closed = await new Promise<number>((done) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => done(port));
      });
    });
    const database = join(tmpdir(), `memstack-unreachable-${process.pid}.db`);
    const url = `http://127.0.0.1:${closed}/v1`;
    const child = execFile(
      process.execPath,
      [bin, 'chat', '--model', 'openai:llama3.1', '--base-url', url, '--db', database],
      {
        cwd: root,
        env: { ...process.env, OPENAI_API_KEY: 'none' },
      },
    );
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    child.stdin?.end('Hello, are you there?\n');
    await new Promise((done) => child.once('exit', done));
    expect(printed).toContain(`could not reach openai-compatible at ${url}`);
    rmSync(database, { force: true });
  }, 60_000);
});
