import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The project's root, and the CLI as `npm run build` leaves it (`npm test` builds first). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI_BIN = join(PROJECT_ROOT, 'dist/cli/main.js');

/**
 * The timeout of a test that starts Node processes (the built CLI, or a script of its own): each start loads the
 * whole library, about half a second of CPU on an idle machine and ten times that on a loaded one, so a test of a
 * few such runs would pass the suite's default when the machine is busy. Given to such tests only.
 */
export const PROCESSES_TIMEOUT = 120_000;

const run = promisify(execFile);

/** Runs the built `memstack` with these arguments (and environment), to its exit: its code and its output. */
export async function runMemstack(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI_BIN, ...args], { cwd: PROJECT_ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
