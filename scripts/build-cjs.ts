import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { transformSync } from 'esbuild';

/**
 * The CommonJS build, `dist/cjs/`, for `require('memstack')`: each source file compiled on its own (no bundling, so
 * the files and their imports are the ESM build's), the ESM build's declarations copied beside them, and a
 * `package.json` that makes Node and TypeScript read the folder as CommonJS. Run after `tsc` has built `dist/`.
 * The CLI is left out: its bin is the ESM build's.
 */
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');
const out = join(root, 'dist/cjs');

// `import.meta.url` has no CommonJS meaning: it becomes the file's URL, computed from `__filename`.
const IMPORT_META_URL = '__memstackImportMetaUrl';
const IMPORT_META_URL_BANNER = `const ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;`;

const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (file) =>
    file.endsWith('.ts') &&
    !file.endsWith('.test.ts') &&
    !file.startsWith('cli/') &&
    // The inspector page's browser modules: bundled into one script by build-inspector.ts, not compiled one by one.
    !file.startsWith('server/inspector-page/browser/'),
);
for (const file of sources) {
  const code = readFileSync(join(src, file), 'utf8');
  const other = code.match(/import\.meta(?!\.url\b)\S*/);
  if (other) throw new Error(`${file}: ${other[0]} has no CommonJS equivalent in scripts/build-cjs.ts`);
  const usesUrl = code.includes('import.meta.url');
  const result = transformSync(code, {
    sourcefile: file,
    loader: 'ts',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    ...(usesUrl ? { define: { 'import.meta.url': IMPORT_META_URL }, banner: IMPORT_META_URL_BANNER } : {}),
  });
  const target = join(out, file.replace(/\.ts$/, '.js'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, result.code);
  const declaration = file.replace(/\.ts$/, '.d.ts');
  copyFileSync(join(root, 'dist', declaration), join(out, declaration));
}
writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
console.log(`dist/cjs: ${sources.length} files`);
