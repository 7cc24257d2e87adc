import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The inspector page's script: the TypeScript modules of `src/server/inspector-page/browser/` bundled into one file,
 * `inspector-app.js`, beside the module that serves it (`inspector-script.ts` reads it from there). Run by
 * `npm run build` for `dist/` and `dist/cjs/` (the published package carries the bundle: esbuild is a dev
 * dependency), and by the test setup for `src/` (the tests run the TypeScript sources). Never checked in: it is made
 * from its sources each time, so it cannot drift from them.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const browser = join(root, 'src/server/inspector-page/browser');

/** Where the bundle goes, beside `inspector-script` in each tree that serves the page. */
export const INSPECTOR_BUNDLES = {
  src: join(root, 'src/server/inspector-page/inspector-app.js'),
  dist: join(root, 'dist/server/inspector-page/inspector-app.js'),
  cjs: join(root, 'dist/cjs/server/inspector-page/inspector-app.js'),
} as const;

/** Bundles the page's script and writes it to each target. */
export async function buildInspector(targets: readonly string[]): Promise<void> {
  const result = await build({
    entryPoints: [join(browser, 'main.ts')],
    tsconfig: join(browser, 'tsconfig.json'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file || result.outputFiles.length !== 1) throw new Error('esbuild made no single inspector script');
  for (const target of targets) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const targets = process.argv.slice(2).map((name) => {
    if (!Object.hasOwn(INSPECTOR_BUNDLES, name)) throw new Error(`unknown target ${name}: src, dist or cjs`);
    return INSPECTOR_BUNDLES[name as keyof typeof INSPECTOR_BUNDLES];
  });
  await buildInspector(targets);
  console.log(`inspector script: ${targets.map((target) => relative(root, target)).join(', ')}`);
}
