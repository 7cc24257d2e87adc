import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemoryStack } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { printTable, quantile } from './print-table.js';

const RUNS = 5;
const hangInExtraction = join(dirname(fileURLToPath(import.meta.url)), '../test/support/claim-then-hang.ts');

/**
 * How long a turn's extraction waits after the process running it dies: a child process records a turn and is
 * killed (SIGKILL) inside the extractor call, holding the job's lease (the default, 2 × the extraction timeout + 60 s);
 * then a stack opened in this process on the same file runs jobs. Timed from the kill to the job finished, with the
 * defaults a user gets.
 */
export async function reclaimBench(): Promise<Record<string, unknown>> {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-reclaim-'));
  const delays: number[] = [];
  let lease = 0;
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const path = join(directory, `run-${run}.db`);
      const child = spawn(process.execPath, ['--import', 'tsx', hangInExtraction, path], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const ended = new Promise((resolve) => child.on('close', resolve));
      await new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('extracting') && resolve()),
      );
      child.kill('SIGKILL');
      const killedAt = performance.now();
      await ended;
      const store = sqliteStore({ path });
      const held = store.database.prepare("SELECT lease_until FROM jobs WHERE state = 'queued'").get() as
        | { lease_until: number }
        | undefined;
      lease = Math.max(lease, (held?.lease_until ?? Date.now()) - Date.now());
      const stack = createMemoryStack({ store });
      // idle() runs what this process can run now; the lease of a dead process is only taken once it is found dead.
      for (;;) {
        await stack.idle();
        const done = store.database.prepare("SELECT count(*) AS n FROM jobs WHERE state = 'done'").get() as {
          n: number;
        };
        if (done.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      delays.push(performance.now() - killedAt);
      await stack.close();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  delays.sort((a, b) => a - b);
  printTable(
    'a job whose process was killed while running it: from the kill to the job done by another process, ms (SQLite file, default lease)',
    ['runs', 'p50', 'max', 'lease left at the kill (ms)'],
    [[RUNS, quantile(delays, 0.5), delays.at(-1) ?? Number.NaN, Math.round(lease)]],
  );
  return { runs: RUNS, p50: quantile(delays, 0.5), max: delays.at(-1), leaseMs: lease };
}
