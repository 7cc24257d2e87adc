import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

export interface ClaudeProcessOptions {
  command: string;
  args: readonly string[];
  /** Written to stdin, which is then closed. */
  input: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /**
   * Called with each complete stdout line (without its line break). `stop`: the output is unusable, kill the
   * process now. `complete`: the output is whole, the process has a short grace period to exit on its own.
   */
  onLine: (line: string) => 'continue' | 'stop' | 'complete';
  /** How long a process may linger after its exit or its complete output before its group is killed. Default 2 s. */
  graceMs?: number | undefined;
}

/**
 * How the process ended. `exited`: it exited on its own (`exitCode` is its code, or null when a signal ended it).
 * `lingered`: its output was complete but it did not exit within the grace period, so its group was killed.
 * `timeout`, `aborted`, `stopped` (by `onLine`): its group was killed, and no later line was delivered.
 * `spawn-failed`: it never ran (no such command, no such cwd).
 */
export type ClaudeProcessEnding = 'exited' | 'lingered' | 'timeout' | 'aborted' | 'stopped' | 'spawn-failed';

export interface ClaudeProcessOutcome {
  ending: ClaudeProcessEnding;
  exitCode: number | null;
  /** The end of stderr, for diagnostics. */
  stderr: string;
  spawnError?: Error | undefined;
}

const STDERR_KEPT_CHARS = 16_384;
const DEFAULT_GRACE_MS = 2_000;

/**
 * Runs one CLI process: the input on stdin, stdout read line by line as it arrives, stderr kept for diagnostics.
 * The process leads its own process group (`detached`), so that a timeout, an abort or a stop kills it together
 * with whatever it started (tools, MCP servers) instead of leaving them behind holding the pipes. Never rejects.
 */
export function runClaudeProcess(options: ClaudeProcessOptions): Promise<ClaudeProcessOutcome> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ ending: 'aborted', exitCode: null, stderr: '' });
      return;
    }
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let settled = false;
    let stderr = '';
    let pending = '';
    let exitCode: number | null = null;
    let exited = false;
    let grace: NodeJS.Timeout | undefined;
    const decoder = new StringDecoder('utf8');

    const finish = (outcome: ClaudeProcessOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const kill = (): void => {
      killGroup(child.pid, () => child.kill('SIGKILL'));
      // A killed process delivers nothing more: its output may be cut mid-line.
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const killAndFinish = (ending: 'timeout' | 'aborted' | 'stopped'): void => {
      if (settled) return;
      kill();
      finish({ ending, exitCode: null, stderr });
    };
    const startGrace = (): void => {
      grace ??= setTimeout(() => {
        if (settled) return;
        kill();
        finish(exited ? { ending: 'exited', exitCode, stderr } : { ending: 'lingered', exitCode: null, stderr });
      }, options.graceMs ?? DEFAULT_GRACE_MS);
    };
    const onAbort = (): void => killAndFinish('aborted');
    const timer = setTimeout(() => killAndFinish('timeout'), options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const deliver = (line: string): void => {
      if (settled || line.trim() === '') return;
      const verdict = options.onLine(line);
      if (verdict === 'stop') killAndFinish('stopped');
      else if (verdict === 'complete') startGrace();
    };
    child.stdout.on('data', (chunk: Buffer) => {
      pending += decoder.write(chunk);
      let newline = pending.indexOf('\n');
      while (newline >= 0 && !settled) {
        deliver(pending.slice(0, newline).replace(/\r$/, ''));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
    });
    child.stdout.on('end', () => {
      const rest = pending + decoder.end();
      pending = '';
      deliver(rest);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT_CHARS);
    });
    child.on('error', (error) => {
      // `error` also fires when a kill fails; only a process that never started is a spawn failure.
      if (child.pid === undefined) finish({ ending: 'spawn-failed', exitCode: null, stderr, spawnError: error });
    });
    child.on('exit', (code) => {
      exited = true;
      exitCode = code;
      // Output normally closes with the process; something it left running can keep the pipes open.
      startGrace();
    });
    child.on('close', (code) => finish({ ending: 'exited', exitCode: code, stderr }));
    // The CLI may exit before reading its input (a bad flag): the broken pipe is its exit code's business, not a crash.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input, 'utf8');
  });
}

function killGroup(pid: number | undefined, fallback: () => void): void {
  if (pid === undefined) return;
  try {
    // The negative pid addresses the whole process group the child leads.
    process.kill(-pid, 'SIGKILL');
  } catch {
    // No such group (already gone, or a platform without process groups): the child alone, if still there.
    fallback();
  }
}
