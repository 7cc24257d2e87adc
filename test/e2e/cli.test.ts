import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'dist/cli/main.js');
const run = promisify(execFile);

async function memstack(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('memstack replay (the built CLI; `npm test` builds first)', () => {
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
    expect(result.summary.pinned).toContain('[+] Keep the service worker behaviour identical');
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

describe('memstack facts, pin and forget (the built CLI, on an existing file)', () => {
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
});
