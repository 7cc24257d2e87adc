import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printTable, quantile } from './print-table.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const ENTRIES = ['index', 'sqlite', 'anthropic', 'openai-compatible', 'claude-cli', 'testing', 'ai-sdk', 'server'];
const RUNS = 7;

/** The packages a fresh `node` has loaded after requiring the file (from require.cache), and the time it took. */
function requireOnce(file: string): { ms: number; packages: string[] } {
  const script = `const start = performance.now(); require(${JSON.stringify(file)}); const ms = performance.now() - start;
const packages = new Set(Object.keys(require.cache).flatMap((path) => {
  const match = path.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/); return match ? [match[1]] : [];
}));
console.log(JSON.stringify({ ms, packages: [...packages].sort() }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

/** The time a fresh `node` takes to import the file (ESM), and to run `then` on its module if given. */
function importOnce(file: string, then = ''): number {
  const script = `const start = performance.now(); const module = await import(${JSON.stringify(pathToFileURL(file).href)});
${then}; console.log(performance.now() - start);`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

const median = (values: number[]): number =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Cold import time of each entry from the built dist/, each in a fresh process, median of several runs. */
export async function importsBench(): Promise<Record<string, unknown>> {
  if (!existsSync(join(dist, 'cjs/index.js'))) throw new Error('run `npm run build` first: this bench reads dist/');
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, unknown> = {};
  for (const entry of ENTRIES) {
    const esm = Array.from({ length: RUNS }, () => importOnce(join(dist, `${entry}.js`)));
    const cjs = Array.from({ length: RUNS }, () => requireOnce(join(dist, `cjs/${entry}.js`)));
    const name = entry === 'index' ? 'memstack' : `memstack/${entry}`;
    const packages = cjs[0]?.packages ?? [];
    results[name] = { importMs: median(esm), requireMs: median(cjs.map((run) => run.ms)), packages };
    rows.push([name, median(esm), median(cjs.map((run) => run.ms)), packages.join(', ') || '-']);
  }
  // Where the tokenizer's cost went: the default o200k tokenizer loads gpt-tokenizer on its first count.
  const counted = median(
    Array.from({ length: RUNS }, () => importOnce(join(dist, 'index.js'), "module.o200kTokenizer().count('hello')")),
  );
  results['memstack + first count'] = { importMs: counted };
  rows.push(['memstack + first count', counted, '-', 'zod, gpt-tokenizer']);
  printTable(
    `Cold import of each entry (fresh node ${process.version} per run, median of ${RUNS})`,
    ['entry', 'import ms', 'require ms', 'packages loaded'],
    rows,
  );
  return results;
}
