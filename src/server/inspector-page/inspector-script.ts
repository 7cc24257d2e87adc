import { readFileSync } from 'node:fs';

/**
 * The bundle of the page's TypeScript modules (`browser/`), made at build time by `scripts/build-inspector.ts`
 * beside this file: in `dist/` by `npm run build`, in `src/` by the test setup. Never bundled at run time (esbuild
 * is a dev dependency).
 */
const BUNDLE = new URL('./inspector-app.js', import.meta.url);

let script: string | undefined;

/**
 * The inspector page's whole script, read on the first request for it (a proxy that never serves the page needs no
 * bundle), then kept.
 */
export function inspectorScript(): string {
  if (script === undefined) {
    try {
      script = readFileSync(BUNDLE, 'utf8');
    } catch (error) {
      throw new Error(`the inspector page's script is not built (${BUNDLE.pathname}): run npm run build`, {
        cause: error,
      });
    }
  }
  return script;
}
