import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStack, o200kTokenizer } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { baseSystemPrompt } from './base-system-prompt.js';
import { printTable, quantile } from './print-table.js';

const RUNS = 1_500;
const WARMUP = 150;
const SESSIONS = 20;

/**
 * record() latency on a SQLite file on disk (the job insert is one more row of its transaction): alone (the
 * background work waited for after each turn), alone without the request kept for the inspector (`keepRequests:
 * false`: the trace's numbers only), and with the extractions of earlier turns running meanwhile; with a
 * 2,000-token system prompt. The file's size per recorded exchange shows what keeping the requests costs on disk.
 */
export async function recordLatencyBench(): Promise<Record<string, unknown>> {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-bench-record-'));
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, unknown> = {};
  try {
    const tokenizer = o200kTokenizer();
    const systemPrompt = baseSystemPrompt(2000, (text) => tokenizer.count(text));
    for (const [mode, idleEvery, keepRequests] of [
      ['alone', 1, true],
      ['alone, requests not kept', 1, false],
      ['with extraction running', 10, true],
    ] as const) {
      const path = join(directory, `record-${idleEvery}-${keepRequests}.db`);
      const store = sqliteStore({ path });
      const stack = createMemoryStack({ store, systemPrompt, keepRequests, limits: { extractionConcurrency: 1 } });
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
      const bytesPerExchange = Math.round(statSync(path).size / (RUNS + WARMUP));
      const row = {
        p50: quantile(timings, 0.5),
        p95: quantile(timings, 0.95),
        p99: quantile(timings, 0.99),
        bytesPerExchange,
      };
      results[mode] = row;
      rows.push([mode, RUNS, row.p50, row.p95, row.p99, timings.at(-1) ?? 0, bytesPerExchange]);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  printTable(
    `record() latency, ms (SQLite file on disk, ${SESSIONS} sessions, 2,000-token system prompt, heuristic extractor)`,
    ['background', 'runs', 'p50', 'p95', 'p99', 'max', 'file bytes / exchange'],
    rows,
  );
  return results;
}
