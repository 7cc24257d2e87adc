import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * The artifact users get: `npm pack`, unpacked into a project's node_modules (dependencies linked from this
 * checkout, since installing would need the network), then used through its package name and its bin.
 */
describe('the packed package', () => {
  let project: string;
  let files: string[];
  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'memstack-packed-'));
    // --ignore-scripts: the test uses the dist/ that `npm test` built, and must not rebuild it under other tests.
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], {
      cwd: root,
    });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    if (!packed) throw new Error('npm pack printed nothing');
    files = packed.files.map((file) => file.path);
    const target = join(project, 'node_modules/memstack');
    mkdirSync(target, { recursive: true });
    await run('tar', ['-xzf', join(project, packed.filename), '-C', target, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies)) {
      const link = join(project, 'node_modules', dependency);
      mkdirSync(dirname(link), { recursive: true }); // scoped packages live one folder down
      symlinkSync(join(root, 'node_modules', dependency), link, 'dir');
    }
  }, 60_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('ships the build, the types, the bin and the examples, and nothing else', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/index.d.ts',
        'dist/testing.js',
        'dist/cli/main.js',
        'examples/vite-migration.jsonl',
        'package.json',
        'README.md',
      ]),
    );
    expect(files.filter((file) => file.startsWith('src/') || file.includes('.test.') || /locomo/i.test(file))).toEqual(
      [],
    );
  });

  it('works through its package name and the testing subpath', async () => {
    const script = join(project, 'use.mjs');
    writeFileSync(
      script,
      `import { createMemoryStack, sqliteStore, MemstackError, deriveSessionHandle } from 'memstack';
import { scriptedCompletionModel } from 'memstack/testing';
const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
const prepared = await stack.prepare({ agentId: 'a', userId: 'u', text: 'Help me set up a Rust workspace. We always use nextest for tests.' });
await stack.record(prepared, { text: 'Sure.' });
await stack.idle();
const session = await stack.session({ agentId: 'a', userId: 'u' });
const facts = await stack.facts.list({ agentId: 'a', userId: 'u' });
const error = await stack.prepare({ agentId: 'a', text: '' }).catch((caught) => caught);
const model = scriptedCompletionModel(['{}']);
console.log(JSON.stringify({ pinned: session.pinned, facts: facts.map((fact) => fact.text), typed: MemstackError.isInstance(error), code: error.code, uuid: deriveSessionHandle({ agentId: 'a' }).uuid, model: (await model.complete({ prompt: 'x' })).text }));
await stack.close();`,
    );
    const { stdout } = await run(process.execPath, [script], { cwd: project });
    const result = JSON.parse(stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ typed: true, code: 'EMPTY_MESSAGE', model: '{}' });
    expect(result.pinned).toContain('Rust workspace');
    expect(result.facts).toEqual(expect.arrayContaining([expect.stringContaining('nextest')]));
    expect(result.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('runs its bin', async () => {
    const { stdout } = await run(
      join(project, 'node_modules/memstack/dist/cli/main.js'),
      ['replay', join(project, 'node_modules/memstack/examples/vite-migration.jsonl')],
      { cwd: project },
    );
    expect(stdout).toContain('── summary ──');
    expect(stdout).toContain('pinned: Help me migrate');
  });
});
