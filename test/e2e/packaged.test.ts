import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESSES_TIMEOUT } from '../support/built-cli.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * The artifact users get: `npm pack`, unpacked into a project's node_modules (dependencies linked from this
 * checkout, since installing would need the network), then used through its package name and its bin.
 */
/** Links packages from this checkout into a project's node_modules (installing would need the network). */
function link(project: string, packages: readonly string[]): void {
  for (const dependency of packages) {
    const target = join(project, 'node_modules', dependency);
    mkdirSync(dirname(target), { recursive: true }); // scoped packages live one folder down
    symlinkSync(join(root, 'node_modules', dependency), target, 'dir');
  }
}

/** Runs a script file of the project with node: its stdout, or the error with its stderr. */
async function node(project: string, file: string, text: string): Promise<string> {
  writeFileSync(join(project, file), text);
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  return stdout;
}

/**
 * The artifact users get: `npm pack`, unpacked into a project's node_modules (dependencies linked from this
 * checkout), then used through its package name, its entries (import and require) and its bin. A second, bare
 * project has only the dependency every entry needs (zod): no SQLite driver, no model SDK, no tokenizer.
 */
describe('the packed package', { timeout: PROCESSES_TIMEOUT }, () => {
  let project: string;
  let bare: string;
  let files: string[];
  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'memstack-packed-'));
    bare = mkdtempSync(join(tmpdir(), 'memstack-bare-'));
    // Node looks for a package in every directory above the project too: one there would fill the bare project.
    for (let above = dirname(bare); ; above = dirname(above)) {
      if (existsSync(join(above, 'node_modules'))) {
        throw new Error(
          `${join(above, 'node_modules')} is visible from ${bare}: the bare project needs a tree without one`,
        );
      }
      if (dirname(above) === above) break;
    }
    // --ignore-scripts: the test uses the dist/ that `npm test` built, and must not rebuild it under other tests.
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], {
      cwd: root,
    });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    if (!packed) throw new Error('npm pack printed nothing');
    files = packed.files.map((file) => file.path);
    for (const where of [project, bare]) {
      const target = join(where, 'node_modules/memstack');
      mkdirSync(target, { recursive: true });
      await run('tar', ['-xzf', join(project, packed.filename), '-C', target, '--strip-components=1']);
    }
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    // The peers a user of the model entries installs, and the types a TypeScript user has.
    // @types/json-schema: the AI SDK's provider types import json-schema, which ships none (a project without
    // skipLibCheck needs it for `ai` itself).
    const types = ['typescript', '@types/node', '@types/better-sqlite3', '@types/json-schema'];
    link(project, [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies), ...types]);
    link(bare, ['zod']);
  }, 60_000);
  afterAll(() => {
    rmSync(project, { recursive: true, force: true });
    rmSync(bare, { recursive: true, force: true });
  });

  it('ships the build, the types, the bin and the examples, and nothing else', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/index.d.ts',
        'dist/testing.js',
        'dist/sqlite.js',
        'dist/anthropic.js',
        'dist/openai-compatible.js',
        'dist/claude-cli.js',
        'dist/cjs/package.json',
        'dist/cjs/index.js',
        'dist/cjs/index.d.ts',
        'dist/cjs/sqlite.js',
        'dist/cjs/sqlite.d.ts',
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

  it('works through its package name and the sqlite and testing subpaths', async () => {
    const script = join(project, 'use.mjs');
    writeFileSync(
      script,
      `import { createMemoryStack, MemstackError, deriveSessionHandle } from 'memstack';
import { sqliteStore } from 'memstack/sqlite';
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

  it('loads no test runner through memstack/store-kit: Vitest only through memstack/store-kit/contract', async () => {
    // A production store imports the kit's builders: a hook of Node's loader records every module resolved in a fresh
    // process, and none may be Vitest's. The contract entry is the control: there the hook must see Vitest.
    writeFileSync(
      join(project, 'record-hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(log, result.url + '\\n');
  return result;
}
`,
    );
    const resolved = async (entry: string): Promise<string[]> => {
      const log = join(project, `resolved-${entry.replaceAll('/', '-')}.log`);
      writeFileSync(log, '');
      await node(
        project,
        'record.mjs',
        `import { register } from 'node:module';
register('./record-hooks.mjs', import.meta.url, { data: { log: ${JSON.stringify(log)} } });
await import(${JSON.stringify(entry)}).catch(() => undefined);
`,
      );
      return readFileSync(log, 'utf8').split('\n').filter(Boolean);
    };
    const vitest = (url: string) => /\/node_modules\/(vitest|@vitest)\//.test(url);
    const kit = await resolved('memstack/store-kit');
    expect(kit).toEqual(expect.arrayContaining([expect.stringMatching(/\/memstack\/dist\/store-kit\.js$/)]));
    expect(kit.filter(vitest)).toEqual([]);
    const contract = await resolved('memstack/store-kit/contract');
    expect(contract.filter(vitest)).not.toEqual([]);
  });

  it('runs the store contract from memstack/store-kit/contract under Vitest, against the packed SQLite store', async () => {
    // A store author's test file, as they would write it; Vitest is the project's own (linked, an optional peer).
    writeFileSync(
      join(project, 'my-store.test.mjs'),
      `import { runMemoryStoreContract } from 'memstack/store-kit/contract';
import { sqliteStore } from 'memstack/sqlite';
runMemoryStoreContract('packed sqlite', () => sqliteStore({ path: ':memory:' }));
`,
    );
    const { stdout } = await run(
      process.execPath,
      [
        join(project, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        project,
        '--reporter',
        'json',
        'my-store.test.mjs',
      ],
      { cwd: project, maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    expect(report.numFailedTests).toBe(0);
    expect(report.numPassedTests).toBeGreaterThan(40);
  }, 120_000);

  it('runs its bin', async () => {
    const { stdout } = await run(
      join(project, 'node_modules/memstack/dist/cli/main.js'),
      ['replay', join(project, 'node_modules/memstack/examples/vite-migration.jsonl')],
      { cwd: project },
    );
    expect(stdout).toContain('── summary ──');
    expect(stdout).toContain('pinned: Help me migrate');
  });

  it('serves the inspector page with its bundled script, through import and through require', async () => {
    // The script is bundled at build time (esbuild is a dev dependency): the package must carry the bundle.
    const serve = (load: string) => `${load}
const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
const app = createInspector({ stack });
const get = (path) => app.request('http://127.0.0.1/inspect/' + path, { headers: { host: '127.0.0.1' } });
const [page, script] = await Promise.all([get(''), get('app.js')]);
console.log(JSON.stringify({ page: page.status, status: script.status, type: script.headers.get('content-type'),
  policy: script.headers.get('content-security-policy'), script: await script.text() }));
await stack.close();`;
    const outputs = await Promise.all([
      node(
        project,
        'inspector.mjs',
        serve(`import { createMemoryStack } from 'memstack';
import { sqliteStore } from 'memstack/sqlite';
import { createInspector } from 'memstack/server';`),
      ),
      node(
        project,
        'inspector.cjs',
        `(async () => {${serve(`const { createMemoryStack } = require('memstack');
const { sqliteStore } = require('memstack/sqlite');
const { createInspector } = require('memstack/server');`)}})();`,
      ),
    ]);
    for (const output of outputs) {
      const answer = JSON.parse(output) as Record<string, string | number>;
      expect(answer).toMatchObject({ page: 200, status: 200, type: 'text/javascript; charset=utf-8' });
      expect(answer.policy).toContain("script-src 'self'");
      expect(answer.script).toContain('"/sessions": sessionsView');
    }
  });

  it('imports every entry, and requires every entry, with the classes shared by name across both builds', async () => {
    const entries = [
      'memstack',
      ...[
        'sqlite',
        'libsql',
        'anthropic',
        'openai-compatible',
        'offline-embedder',
        'claude-cli',
        'testing',
        'ai-sdk',
        'openai-agents',
        'server',
        'wire',
        'store-kit',
        'mcp',
      ].map((name) => `memstack/${name}`),
    ];
    const shape = `(modules) => JSON.stringify(modules.map((module) => Object.keys(module).filter((key) => key !== 'default' && key !== '__esModule').sort()))`;
    const imported = await node(
      project,
      'entries.mjs',
      `const modules = await Promise.all(${JSON.stringify(entries)}.map((entry) => import(entry)));
console.log((${shape})(modules));`,
    );
    const required = await node(
      project,
      'entries.cjs',
      `const modules = ${JSON.stringify(entries)}.map((entry) => require(entry));
console.log((${shape})(modules));`,
    );
    expect(JSON.parse(imported)).toEqual(JSON.parse(required));
    const [
      main,
      sqlite,
      libsql,
      anthropic,
      openai,
      offline,
      claudeCli,
      testing,
      aiSdk,
      agents,
      server,
      wire,
      storeKit,
      mcp,
    ] = JSON.parse(imported) as string[][];
    expect(main).toEqual(expect.arrayContaining(['createMemoryStack', 'MemstackError', 'o200kTokenizer', 'trimTurn']));
    expect(main).not.toEqual(expect.arrayContaining(['sqliteStore']));
    expect([
      sqlite,
      libsql,
      anthropic,
      openai,
      offline,
      claudeCli,
      testing,
      aiSdk,
      agents,
      server,
      wire,
      storeKit,
      mcp,
    ]).toEqual([
      ['sqliteStore'],
      ['libsqlStore'],
      ['anthropicModel', 'fromAnthropicUsage'],
      ['fromOpenaiCompatibleUsage', 'openaiCompatibleEmbedder', 'openaiCompatibleModel'],
      ['offlineEnglishEmbedder'],
      ['claudeCliModel'],
      ['memoryStore', 'scriptedCompletionModel'],
      ['mapAiSdkUsage', 'memstackMiddleware'],
      ['MemstackSession'],
      ['createInspector', 'createMemoryProxy', 'startInspector', 'startMemoryProxy'],
      ['API_ERROR_STATUS', 'wireFormats'],
      [
        'FACT_SEARCH_WEIGHTS',
        'TURN_SEARCH_WEIGHTS',
        'buildFactDocument',
        'buildSearchQuery',
        'buildTurnDocument',
        'factContext',
      ],
      ['createMcpHttpHandler', 'createMemoryMcpServer'],
    ]);
  });

  it('runs a turn and a forget on a SQLite file through require (the VACUUM worker finds its driver)', async () => {
    const stdout = await node(
      project,
      'forget.cjs',
      `const { createMemoryStack, MemstackError, o200kTokenizer } = require('memstack');
const { sqliteStore } = require('memstack/sqlite');
const { ModelCallError } = require('memstack');
(async () => {
  const stack = createMemoryStack({ store: sqliteStore({ path: require('node:path').join(__dirname, 'memory.db') }) });
  const prepared = await stack.prepare({ agentId: 'a', userId: 'u', text: 'We deploy with Kubernetes on Hetzner.' });
  await stack.record(prepared, { text: 'Noted.' });
  await stack.idle();
  const report = await stack.forget({ agentId: 'a', userId: 'u' });
  const esm = await import('memstack');
  await stack.close();
  console.log(JSON.stringify({ report, tokens: o200kTokenizer().count('hello world'),
    shared: esm.MemstackError.isInstance(new ModelCallError('MODEL_CALL_FAILED', 'x', { status: 500, isRetryable: true })) }));
})();`,
    );
    const result = JSON.parse(stdout) as { report: Record<string, number>; tokens: number; shared: boolean };
    expect(result.report).toMatchObject({ turns: 2 });
    expect(result).toMatchObject({ tokens: 2, shared: true });
  });

  it('types every entry for import (.mts) and require (.cts)', async () => {
    const use = `import { createMemoryStack, type MemoryStack } from 'memstack';
import { sqliteStore, type SqliteStoreOptions } from 'memstack/sqlite';
import { anthropicModel } from 'memstack/anthropic';
import { openaiCompatibleModel } from 'memstack/openai-compatible';
import { claudeCliModel } from 'memstack/claude-cli';
import { memoryStore } from 'memstack/testing';
import { memstackMiddleware } from 'memstack/ai-sdk';
const options: SqliteStoreOptions = { path: ':memory:' };
export const stack: MemoryStack = createMemoryStack({ store: sqliteStore(options) });
export const other: MemoryStack = createMemoryStack({ store: memoryStore() });
export const models = [anthropicModel, openaiCompatibleModel, claudeCliModel];
export const middleware = memstackMiddleware({ stack, scope: { agentId: 'a' } }).specificationVersion;
// @ts-expect-error: a stack needs a store (fails to compile, as it should, only if the types resolved)
createMemoryStack({});
`;
    writeFileSync(join(project, 'use-types.mts'), use);
    writeFileSync(join(project, 'use-types.cts'), use);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true, noEmit: true, types: ['node'] },
        files: ['use-types.mts', 'use-types.cts'],
      }),
    );
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(result.stdout).toBe('');
  });

  it('imports and requires memstack without the SQLite driver, the model SDKs or the tokenizer installed', async () => {
    const stdout = await node(
      bare,
      'bare.mjs',
      `import { createRequire } from 'node:module';
const esm = await import('memstack');
const cjs = createRequire(import.meta.url)('memstack');
const failure = (call) => { try { call(); return 'loaded'; } catch (error) { return error.code; } };
console.log(JSON.stringify({
  esm: typeof esm.createMemoryStack, cjs: typeof cjs.createMemoryStack,
  // The bare project really lacks them: the entries that need them fail, and the tokenizer fails on its first count.
  sqlite: await import('memstack/sqlite').then(() => 'loaded', (error) => error.code),
  anthropic: await import('memstack/anthropic').then(() => 'loaded', (error) => error.code),
  openai: failure(() => createRequire(import.meta.url)('memstack/openai-compatible')),
  tokenizer: failure(() => esm.o200kTokenizer().count('hello')),
}));`,
    );
    expect(JSON.parse(stdout)).toEqual({
      esm: 'function',
      cjs: 'function',
      sqlite: 'ERR_MODULE_NOT_FOUND',
      anthropic: 'ERR_MODULE_NOT_FOUND',
      openai: 'MODULE_NOT_FOUND',
      tokenizer: 'MODULE_NOT_FOUND',
    });
  });
});
