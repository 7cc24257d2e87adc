import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the package, so that `memstack` and its subpaths resolve to this build by the package's own name, with the
// real `@anthropic-ai/sdk` and `openai` types beside it.
const directory = join(root, '.readme-check');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** What the snippets take as given: a user's own store module, and the text of the current message. */
const GIVEN = {
  'my-store.d.ts': `import type { MemoryStore } from 'memstack';\nexport function myStore(options: { url?: string | undefined }): MemoryStore;\n`,
  'given.d.ts': 'declare const text: string;\n',
};

/** The TypeScript code blocks of a Markdown file. */
function typescriptBlocks(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

describe('the code examples of the README, of the guides in docs/, and examples/', () => {
  it('type-check, strict, against the built entries and the real SDK types', async () => {
    // The README and every guide in docs/ (the decision records under docs/decisions/ quote code, they do not run it).
    const guides = readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`);
    const sources = ['README.md', ...guides].map((file) => ({ file, blocks: typescriptBlocks(file) }));
    expect(sources[0]?.blocks.length).toBeGreaterThanOrEqual(3);
    expect(sources.slice(1).reduce((sum, source) => sum + source.blocks.length, 0)).toBeGreaterThanOrEqual(10);
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
    for (const [file, text] of Object.entries(GIVEN)) writeFileSync(join(directory, file), text);
    // Named after where each block comes from, so that a type error points at its file: readme-2.mts, docs-proxy-1.mts.
    for (const { file, blocks } of sources) {
      const name = file
        .replace(/^docs\//, 'docs-')
        .replace(/\.md$/, '')
        .toLowerCase();
      for (const [index, block] of blocks.entries()) {
        writeFileSync(join(directory, `${name}-${index + 1}.mts`), `${block}\nexport {};\n`);
      }
    }
    // The programs in examples/ too, as a user would run them.
    for (const file of readdirSync(join(root, 'examples')).filter((name) => name.endsWith('.ts'))) {
      writeFileSync(join(directory, file.replace(/\.ts$/, '.mts')), readFileSync(join(root, 'examples', file)));
    }
    writeFileSync(
      join(directory, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'node16',
          moduleResolution: 'node16',
          types: ['node'],
          skipLibCheck: true,
        },
        include: ['*.mts', '*.d.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', directory], { cwd: directory }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  }, 60_000);
});
