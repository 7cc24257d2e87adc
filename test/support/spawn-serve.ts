import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { PROJECT_ROOT } from './built-cli.js';

/** `memstack serve` (the built `bin`) with these arguments; resolves with its URL once it listens. */
export async function spawnServe(
  bin: string,
  args: readonly string[],
): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, MEMSTACK_PROXY_TOKEN: '' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const read = (data: Buffer): void => {
      output += data.toString();
      const match = /proxy on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`memstack serve exited (${code}): ${output}`)));
  });
  return { child, url };
}
