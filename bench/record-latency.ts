import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStack } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { printTable, quantile } from './print-table.js';

const RUNS = 1_500;
const WARMUP = 150;
const SESSIONS = 20;

/**
 * record() latency on a SQLite file on disk (the job insert is one more row of its transaction): alone (the
 * background work waited for after each turn), and with the extractions of earlier turns running meanwhile.
 */
export async function recordLatencyBench(): Promise<Record<string, unknown>> {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-bench-record-'));
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, unknown> = {};
  try {
    for (const [mode, idleEvery] of [
      ['alone', 1],
      ['with extraction running', 10],
    ] as const) {
      const store = sqliteStore({ path: join(directory, `record-${idleEvery}.db`) });
      const stack = createMemoryStack({ store, limits: { extractionConcurrency: 1 } });
      const timings: number[] = [];
      for (let index = 0; index < RUNS + WARMUP; index += 1) {
        const session = { agentId: 'bench', userId: `u${index % SESSIONS}`, threadId: `t${index % SESSIONS}` };
        const prepared = await stack.prepare({ ...session, text: `Question ${index}: how do we deploy with pnpm?` });
        const start = performance.now();
        await stack.record(prepared, { text: `Answer ${index}: use the usual pipeline and pnpm ${index}.` });
        if (index >= WARMUP) timings.push(performance.now() - start);
        if (index % idleEvery === 0) await stack.idle();
      }
      await stack.close();
      timings.sort((a, b) => a - b);
      const row = { p50: quantile(timings, 0.5), p95: quantile(timings, 0.95), p99: quantile(timings, 0.99) };
      results[mode] = row;
      rows.push([mode, RUNS, row.p50, row.p95, row.p99, timings.at(-1) ?? 0]);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  printTable(
    `record() latency, ms (SQLite file on disk, ${SESSIONS} sessions, heuristic extractor)`,
    ['background', 'runs', 'p50', 'p95', 'p99', 'max'],
    rows,
  );
  return results;
}
