import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnthropicMessage, createMemoryStack } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { printTable, quantile } from './print-table.js';
import { recordLatencyBench } from './record-latency.js';
import {
  syntheticChineseFacts,
  syntheticChineseMessages,
  syntheticFacts,
  syntheticMessages,
} from './synthetic-facts.js';

const CASES = [
  { language: 'English', size: 1_000 },
  { language: 'English', size: 10_000 },
  { language: 'English', size: 100_000 },
  { language: 'Chinese', size: 100_000 },
] as const;
const generators = {
  English: { facts: syntheticFacts, messages: syntheticMessages },
  Chinese: { facts: syntheticChineseFacts, messages: syntheticChineseMessages },
};
const RUNS = 2_000;
const WARMUP = 200;
const HISTORY_EXCHANGES = 10;

/** prepare() latency with N facts in scope, on a SQLite file on disk, after a warm-up; then record() latency. */
export async function latencyBench(): Promise<Record<string, unknown>> {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-bench-'));
  const rows: Array<Array<string | number>> = [];
  const decorateRows: Array<Array<string | number>> = [];
  const results: Record<string, unknown> = {};
  try {
    for (const { language, size } of CASES) {
      const generate = generators[language];
      const path = join(directory, `latency-${language}-${size}.db`);
      const store = sqliteStore({ path });
      const scope = { agentId: 'bench', userId: 'u1' };
      const loadStart = performance.now();
      store.database.exec('BEGIN');
      // Each fact is stored, as extraction stores it, with the exchange it came from as context: here two more
      // sentences of the same kind, so that the context column makes every term more frequent, as it does.
      const contexts = generate.facts(size, 7);
      for (const [index, text] of generate.facts(size).entries()) {
        await store.facts.insert(scope, {
          text,
          hash: `h${index}`,
          sourceSessionKey: null,
          sourceTurnId: null,
          source: 'api',
          context: `${contexts[index]}\n${contexts[(index + 1) % size]}`,
          at: new Date(Date.now() - index * 60_000),
        });
      }
      // Another user's facts share the file and the index: scoping must not cost.
      for (const [index, text] of generate.facts(Math.min(size, 10_000), 99).entries()) {
        await store.facts.insert(
          { agentId: 'bench', userId: 'u2' },
          { text, hash: `o${index}`, sourceSessionKey: null, sourceTurnId: null, source: 'api', at: new Date() },
        );
      }
      store.database.exec('COMMIT');
      const loadMs = performance.now() - loadStart;

      const stack = createMemoryStack({
        store,
        systemPrompt: 'You are a helpful engineering assistant.',
        limits: { extractionConcurrency: 1 },
      });
      const session = { ...scope, threadId: 'bench' };
      for (let index = 0; index < HISTORY_EXCHANGES; index += 1) {
        const prepared = await stack.prepare({
          ...session,
          text: `Question ${index} about the deployment of service ${index}?`,
        });
        await stack.record(prepared, { text: `Answer ${index}: use the usual pipeline.` });
      }
      await stack.idle();

      // The same session as a caller-owned conversation: the exchanges as the client keeps them, then the message.
      const history: AnthropicMessage[] = (await stack.session(session)).turns.map((turn) => ({
        role: turn.role,
        content: [{ type: 'text', text: turn.text }],
      }));
      const messages = generate.messages(RUNS + WARMUP);
      const timings: number[] = [];
      const decorateTimings: number[] = [];
      let injected = 0;
      for (const [index, text] of messages.entries()) {
        // Side by side, in alternating order, so that neither gets the warmer cache.
        const prepare = async (): Promise<void> => {
          const start = performance.now();
          const prepared = await stack.prepare({ ...session, text });
          const elapsed = performance.now() - start;
          if (index < WARMUP) return;
          timings.push(elapsed);
          injected += prepared.facts.length;
        };
        const decorate = async (): Promise<void> => {
          const start = performance.now();
          await stack.decorate({
            ...session,
            system: 'You are a helpful engineering assistant.',
            messages: [...history, { role: 'user', content: text }],
          });
          if (index >= WARMUP) decorateTimings.push(performance.now() - start);
        };
        if (index % 2 === 0) {
          await prepare();
          await decorate();
        } else {
          await decorate();
          await prepare();
        }
      }
      await stack.close();
      timings.sort((a, b) => a - b);
      decorateTimings.sort((a, b) => a - b);
      decorateRows.push([
        language,
        size,
        quantile(decorateTimings, 0.5),
        quantile(decorateTimings, 0.99),
        quantile(decorateTimings, 0.5) / quantile(timings, 0.5),
        quantile(decorateTimings, 0.99) / quantile(timings, 0.99),
      ]);
      const row = {
        p50: quantile(timings, 0.5),
        p95: quantile(timings, 0.95),
        p99: quantile(timings, 0.99),
        max: timings.at(-1) ?? 0,
        factsPerTurn: injected / timings.length,
      };
      results[`${language}-${size}`] = row;
      rows.push([language, size, RUNS, row.p50, row.p95, row.p99, row.max, row.factsPerTurn, loadMs / 1000]);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  printTable(
    `prepare() latency, ms (SQLite file on disk, ${HISTORY_EXCHANGES} exchanges of history, synthetic facts, goal p99 < 2 ms at 100k)`,
    ['facts', 'in scope', 'runs', 'p50', 'p95', 'p99', 'max', 'facts/turn', 'load s'],
    rows,
  );
  printTable(
    `decorate() beside prepare(), ms (the same session as a client-owned conversation of ${HISTORY_EXCHANGES} exchanges, Anthropic shape)`,
    ['facts', 'in scope', 'p50', 'p99', 'p50 / prepare', 'p99 / prepare'],
    decorateRows,
  );
  results.record = await recordLatencyBench();
  return results;
}
