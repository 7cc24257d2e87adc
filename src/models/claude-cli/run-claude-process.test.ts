import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ClaudeProcessOptions, runClaudeProcess } from './run-claude-process.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'memstack-run-claude-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** Runs `script` with this Node, collecting the lines it prints. */
async function runScript(script: string, overrides: Partial<ClaudeProcessOptions> = {}) {
  const lines: string[] = [];
  const outcome = await runClaudeProcess({
    command: process.execPath,
    args: ['-e', script],
    input: '',
    cwd: directory,
    env: { PATH: process.env.PATH ?? '' },
    timeoutMs: 10_000,
    onLine: (line) => {
      lines.push(line);
      return 'continue';
    },
    ...overrides,
  });
  return { outcome, lines };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !(existsSync(stat) && /\) Z /.test(readFileSync(stat, 'utf8')));
}

// A script that starts a child in its own process group, prints the child's pid, and hangs.
const HANG_WITH_CHILD = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
process.on('SIGTERM', () => {});
console.log(JSON.stringify({ pid: child.pid }));
setInterval(() => {}, 1000);
`;

describe('runClaudeProcess', () => {
  it('delivers stdout line by line: CRLF, blank lines, a last line without a break, a character split across writes', async () => {
    const script = `
      process.stdout.write('one\\r\\n\\n  \\ntwo\\n');
      const bytes = Buffer.from('é-three');
      process.stdout.write(bytes.subarray(0, 1));
      setTimeout(() => process.stdout.write(bytes.subarray(1)), 50);
    `;
    const { outcome, lines } = await runScript(script);
    expect(lines).toEqual(['one', 'two', 'é-three']);
    expect(outcome).toEqual({ ending: 'exited', exitCode: 0, stderr: '' });
  });

  it('writes the input to stdin and runs in the given cwd and environment', async () => {
    const script = `
      let input = '';
      process.stdin.on('data', (chunk) => { input += chunk; });
      process.stdin.on('end', () => console.log(JSON.stringify([input, process.cwd(), process.env.CLAUDE_CONFIG_DIR])));
    `;
    const { lines } = await runScript(script, {
      input: 'héllo\nworld',
      env: { PATH: '', CLAUDE_CONFIG_DIR: '/tmp/config' },
    });
    expect(lines.map((line) => JSON.parse(line))).toEqual([['héllo\nworld', directory, '/tmp/config']]);
  });

  it('reports a non-zero exit code and the stderr', async () => {
    const { outcome } = await runScript(`process.stderr.write('boom\\n'); process.exit(3);`);
    expect(outcome).toEqual({ ending: 'exited', exitCode: 3, stderr: 'boom\n' });
  });

  it('survives a process that exits without reading a large input', async () => {
    const { outcome } = await runScript('process.exit(2)', { input: 'x'.repeat(4_000_000) });
    expect(outcome).toMatchObject({ ending: 'exited', exitCode: 2 });
  });

  it('kills the whole process group at the timeout', async () => {
    const started = Date.now();
    const { outcome, lines } = await runScript(HANG_WITH_CHILD, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ ending: 'timeout', exitCode: null });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { pid } = JSON.parse(lines[0] ?? '{}') as { pid: number };
    await expect.poll(() => isAlive(pid), { timeout: 2_000 }).toBe(false);
  });

  it('kills the process and delivers nothing more when onLine says stop', async () => {
    const lines: string[] = [];
    const started = Date.now();
    const outcome = await runClaudeProcess({
      command: process.execPath,
      args: ['-e', `console.log('first'); setTimeout(() => console.log('second'), 300); setInterval(() => {}, 1000);`],
      input: '',
      cwd: directory,
      env: {},
      timeoutMs: 10_000,
      onLine: (line) => {
        lines.push(line);
        return 'stop';
      },
    });
    expect(outcome.ending).toBe('stopped');
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lines).toEqual(['first']);
  });

  it('gives a process whose output is complete a grace period, then kills it', async () => {
    const started = Date.now();
    const outcome = await runClaudeProcess({
      command: process.execPath,
      args: ['-e', `console.log('done'); setInterval(() => {}, 1000);`],
      input: '',
      cwd: directory,
      env: {},
      timeoutMs: 10_000,
      graceMs: 100,
      onLine: () => 'complete',
    });
    expect(outcome).toMatchObject({ ending: 'lingered', exitCode: null });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not wait on a child left holding stdout after the process exited', async () => {
    const script = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
      console.log(JSON.stringify({ pid: child.pid }));
      process.exit(0);
    `;
    const started = Date.now();
    const { outcome, lines } = await runScript(script, { graceMs: 100 });
    expect(outcome).toMatchObject({ ending: 'exited', exitCode: 0 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { pid } = JSON.parse(lines[0] ?? '{}') as { pid: number };
    await expect.poll(() => isAlive(pid), { timeout: 2_000 }).toBe(false);
  });

  it('reports a command or cwd that cannot be run', async () => {
    const noCommand = await runScript('', { command: join(directory, 'no-such-claude') });
    expect(noCommand.outcome).toMatchObject({ ending: 'spawn-failed' });
    expect(noCommand.outcome.spawnError).toBeInstanceOf(Error);
    const noCwd = await runScript('console.log(1)', { cwd: join(directory, 'gone') });
    expect(noCwd.outcome).toMatchObject({ ending: 'spawn-failed' });
    expect(noCwd.lines).toEqual([]);
  });

  it('kills the process when the signal aborts, and never starts it when it already has', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { outcome } = await runScript(HANG_WITH_CHILD, { signal: controller.signal });
    expect(outcome.ending).toBe('aborted');

    const marker = join(directory, 'ran');
    const { outcome: never } = await runScript(`require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`, {
      signal: AbortSignal.abort(),
    });
    expect(never.ending).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(marker)).toBe(false);
  });
});
