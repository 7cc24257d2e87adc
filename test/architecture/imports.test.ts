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
  'anthropic.ts',
  'openai-compatible.ts',
  'claude-cli.ts',
  'testing.ts',
  'store-kit.ts',
  'ai-sdk.ts',
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
        if (from.startsWith('core/') && !target.startsWith('core/') && !target.startsWith('spec/'))
          offenders.push(`${from} -> ${target}`);
      }
      if (
        from.startsWith('core/') &&
        /from '(node:fs|node:net|node:http|better-sqlite3|node:child_process)/.test(readFileSync(file, 'utf8'))
      ) {
        offenders.push(`${from} does I/O`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps core in rooms that import only rooms below them', () => {
    // Each room may import its own files and the rooms of lower levels (and spec). A room that needs one above it
    // says that a file is in the wrong room.
    const level: Record<string, number> = {
      text: 0,
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
    const room = (file: string): string | undefined => /^core\/([^/]+)\//.exec(file)?.[1];
    const offenders: string[] = [];
    for (const [file, imports] of graph) {
      const from = name(file);
      if (!from.startsWith('core/')) continue;
      const fromRoom = room(from);
      if (fromRoom === undefined || level[fromRoom] === undefined) {
        offenders.push(`${from} is in no room`);
        continue;
      }
      for (const target of imports.map(name)) {
        const toRoom = room(target);
        if (toRoom === undefined || toRoom === fromRoom) continue;
        if ((level[toRoom] ?? Number.POSITIVE_INFINITY) >= level[fromRoom]) offenders.push(`${from} -> ${target}`);
      }
    }
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
