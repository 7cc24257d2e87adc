import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative value imports of a file, dynamic ones too (type-only imports do not exist at run time). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const imports: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)) {
    if (match[1] || !match[2]) continue;
    imports.push(resolve(dirname(file), match[2].replace(/\.js$/, '.ts')));
  }
  for (const match of text.matchAll(/\bimport\('(\.[^']+)'\)/g)) {
    if (match[1]) imports.push(resolve(dirname(file), match[1].replace(/\.js$/, '.ts')));
  }
  return imports;
}

/** The public entries: `memstack` and its subpaths (`package.json` `exports`), the only files edges may import. */
const ENTRIES = [
  'index.ts',
  'sqlite.ts',
  'postgres.ts',
  'libsql.ts',
  'anthropic.ts',
  'openai-compatible.ts',
  'offline-embedder.ts',
  'claude-cli.ts',
  'testing.ts',
  'store-kit.ts',
  'store-kit/contract.ts',
  'ai-sdk.ts',
  'mcp.ts',
  'openai-agents.ts',
  'server.ts',
  'wire.ts',
];

const files = sourceFiles(src);
const graph = new Map(files.map((file) => [file, valueImports(file)]));
const name = (file: string): string => relative(src, file);

describe('architecture', () => {
  it('sees the import graph (so that the checks below are not vacuous)', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(graph.get(join(src, 'index.ts'))).toContain(join(src, 'stack/create-memory-stack.ts'));
    expect(graph.get(join(src, 'stack/prepare-turn.ts'))).toContain(join(src, 'core/prompt/assemble-prompt.ts'));
    expect(graph.get(join(src, 'cli/resolve-model.ts'))).toContain(join(src, 'anthropic.ts')); // a dynamic import
  });

  it('has no import cycle', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(file)), file].map(name).join(' -> '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('imports only existing files', () => {
    const missing = [...graph].flatMap(([file, imports]) =>
      imports.filter((target) => !graph.has(target)).map((target) => `${name(file)} -> ${name(target)}`),
    );
    expect(missing).toEqual([]);
  });

  it('keeps spec free of behaviour imports and core free of I/O', () => {
    const offenders: string[] = [];
    for (const [file, imports] of graph) {
      const from = name(file);
      for (const target of imports.map(name)) {
        if (from.startsWith('spec/') && !target.startsWith('spec/')) offenders.push(`${from} -> ${target}`);
        if (
          from.startsWith('core/') &&
          !target.startsWith('core/') &&
          !target.startsWith('spec/') &&
          !target.startsWith('locales/')
        )
          offenders.push(`${from} -> ${target}`);
      }
      if (
        (from.startsWith('core/') || from.startsWith('locales/')) &&
        /from '(node:|better-sqlite3)/.test(readFileSync(file, 'utf8'))
      ) {
        offenders.push(`${from} does I/O`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps core in rooms that import only rooms below them', () => {
    // Each room may import its own files and the rooms of lower levels (and spec). A room that needs one above it
    // says that a file is in the wrong room.
    // The locale packs (`src/locales/`) are words and rules, read by every room that knows about language: they sit
    // just above `text` (whose script table they may use) and below all the rest.
    const level: Record<string, number> = {
      text: 0,
      locales: 0.5,
      language: 1,
      'memory-rules': 2,
      search: 2,
      facts: 3,
      prompt: 3,
      scope: 3,
      task: 4,
      wire: 4,
      validation: 4,
      policy: 5,
    };
    const room = (file: string): string | undefined =>
      file.startsWith('locales/') ? 'locales' : /^core\/([^/]+)\//.exec(file)?.[1];
    const offenders: string[] = [];
    for (const [file, imports] of graph) {
      const from = name(file);
      if (!from.startsWith('core/') && !from.startsWith('locales/')) continue;
      const fromRoom = room(from);
      if (fromRoom === undefined || level[fromRoom] === undefined) {
        offenders.push(`${from} is in no room`);
        continue;
      }
      for (const target of imports.map(name)) {
        const toRoom = room(target);
        if (fromRoom === 'locales' && toRoom === undefined && !target.startsWith('spec/'))
          offenders.push(`${from} -> ${target}`);
        if (toRoom === undefined || toRoom === fromRoom) continue;
        if ((level[toRoom] ?? Number.POSITIVE_INFINITY) >= level[fromRoom]) offenders.push(`${from} -> ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('reaches a single locale only through the locale table', () => {
    // A locale's folder is imported by the table (and its own files) only, so that the shared logic reads every
    // registered pack the same way and a new language is its folder and one line in the table (decision 30).
    // `locales/shared/` holds what every language shares and is no locale.
    const localeFolder = (file: string): string | undefined => /^locales\/([^/]+)\//.exec(file)?.[1];
    const offenders = [...graph].flatMap(([file, imports]) => {
      const from = name(file);
      return imports
        .map(name)
        .filter((target) => {
          const folder = localeFolder(target);
          if (folder === undefined || folder === 'shared' || from === 'locales/locale-table.ts') return false;
          return localeFolder(from) !== folder;
        })
        .map((target) => `${from} -> ${target}`);
    });
    expect(offenders).toEqual([]);
  });

  it('writes no Han, kana or Hangul outside the locale packs', () => {
    // Code and comments alike (a comment's example is a language's word too). Test files are left out, and so are the
    // store kit's contract cases (tests shipped to store implementers): they feed each language's text to the logic.
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
    const offenders = files
      .map(name)
      .filter((file) => !file.startsWith('locales/') && !/^store-kit\/.*-cases\.ts$/.test(file))
      .filter((file) => cjk.test(readFileSync(join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('builds the edges (CLI, proxy, integrations) on the public entries only', () => {
    const edge = (file: string): string | undefined => /^(cli|server|integrations\/[^/]+)\//.exec(file)?.[1];
    const offenders = [...graph]
      .filter(([file]) => edge(name(file)) !== undefined)
      .flatMap(([file, imports]) =>
        imports
          .map(name)
          .filter((target) => !target.startsWith(`${edge(name(file))}/`) && !ENTRIES.includes(target))
          .map((target) => `${name(file)} -> ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('loads the MCP SDK (an optional peer) from memstack/mcp and the mcp command only', () => {
    const loaders = files
      .filter((file) => /(?:from\s+|import\()'@modelcontextprotocol\//.test(readFileSync(file, 'utf8')))
      .map(name)
      .filter((file) => !file.startsWith('integrations/mcp/') && file !== 'cli/mcp-command.ts');
    expect(files.map(name)).toContain('cli/mcp-command.ts');
    expect(loaders).toEqual([]);
  });

  it('lists the entries package.json exports', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const exported = Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'index.ts' : `${key.slice(2)}.ts`));
    expect(exported.sort()).toEqual([...ENTRIES].sort());
  });
});
