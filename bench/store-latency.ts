import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createMemoryStack, type MemoryStore } from '../src/index.js';
import { postgresStore } from '../src/postgres.js';
import { sqliteStore } from '../src/sqlite.js';
import { benchPostgresUrl } from './bench-store.js';
import { printTable, quantile } from './print-table.js';
import { syntheticFacts, syntheticMessages } from './synthetic-facts.js';

const SIZES = [10_000, 100_000] as const;
const RUNS = 1_000;
const WARMUP = 100;
const HISTORY_EXCHANGES = 10;
/** Facts written at once while loading a Postgres store (each insert is a round trip). */
const LOAD_CONCURRENCY = 8;
const WRITERS = [1, 4] as const;
/** Exchanges each writer process records. */
const EXCHANGES_PER_WRITER = 400;

const here = dirname(fileURLToPath(import.meta.url));

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  } finally {
    await client.end();
  }
}

async function load(store: MemoryStore, size: number): Promise<number> {
  const scope = { agentId: 'bench', userId: 'u1' };
  const start = performance.now();
  const contexts = syntheticFacts(size, 7);
  const texts = syntheticFacts(size);
  const other = syntheticFacts(Math.min(size, 10_000), 99);
  let next = 0;
  const total = texts.length + other.length;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < total; index = next++) {
      if (index < texts.length) {
        await store.facts.insert(scope, {
          text: texts[index] as string,
          hash: `h${index}`,
          sourceSessionKey: null,
          sourceTurnId: null,
          source: 'api',
          context: `${contexts[index]}\n${contexts[(index + 1) % size]}`,
          at: new Date(Date.now() - index * 60_000),
        });
      } else {
        const at = index - texts.length;
        await store.facts.insert(
          { agentId: 'bench', userId: 'u2' },
          {
            text: other[at] as string,
            hash: `o${at}`,
            sourceSessionKey: null,
            sourceTurnId: null,
            source: 'api',
            at: new Date(),
          },
        );
      }
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  return (performance.now() - start) / 1000;
}

/**
 * `npm run bench -- latency --store postgres`: `prepare()` on a local PostgreSQL beside a SQLite file, the same facts
 * and the same messages, alternating call by call in one run (this machine is shared and noisy: the ratio is the
 * figure); then `record()` throughput with 1 and 4 writer processes on each store.
 */
export async function storeLatencyBench(): Promise<Record<string, unknown>> {
  const url = benchPostgresUrl();
  const directory = mkdtempSync(join(tmpdir(), 'memstack-bench-stores-'));
  const results: Record<string, unknown> = {};
  const rows: Array<Array<string | number>> = [];
  const schemas: string[] = [];
  try {
    for (const size of SIZES) {
      const schema = `memstack_bench_${size}_${process.pid}`;
      schemas.push(schema);
      const sqlite = sqliteStore({ path: join(directory, `prepare-${size}.db`) });
      const postgres = await postgresStore({ connectionString: url, schema });
      const loads = [await load(sqlite, size), await load(postgres, size)];
      // The tables as autovacuum leaves them once a load has settled (it runs after inserts, too): their visibility
      // map set and their GIN pending lists merged. Timed right after a bulk load, a search reads the pending list and
      // cannot scan an index alone (decision 33). And the load's dirty pages written out, as a checkpoint does
      // within minutes: otherwise the checkpointer writes them during the timed calls.
      await postgres.pool.query(`VACUUM ANALYZE "${schema}".facts, "${schema}".turns, "${schema}".turn_index`);
      await postgres.pool.query('CHECKPOINT').catch((error: unknown) => {
        console.warn(`no CHECKPOINT after the load (${error instanceof Error ? error.message : String(error)})`);
      });
      const stacks = [sqlite, postgres].map((store) =>
        createMemoryStack({ store, systemPrompt: 'You are a helpful engineering assistant.', runJobs: false }),
      );
      const session = { agentId: 'bench', userId: 'u1', threadId: 'bench' };
      for (const stack of stacks) {
        for (let index = 0; index < HISTORY_EXCHANGES; index += 1) {
          const prepared = await stack.prepare({ ...session, text: `Question ${index} about service ${index}?` });
          await stack.record(prepared, { text: `Answer ${index}: use the usual pipeline.` });
        }
      }
      const timings: number[][] = [[], []];
      for (const [index, text] of syntheticMessages(RUNS + WARMUP).entries()) {
        // Alternating which goes first, so that neither always gets the warmer machine.
        const order = index % 2 === 0 ? [0, 1] : [1, 0];
        for (const which of order) {
          const start = performance.now();
          await stacks[which]?.prepare({ ...session, text });
          if (index >= WARMUP) timings[which]?.push(performance.now() - start);
        }
      }
      for (const stack of stacks) await stack.close();
      const [sqliteTimes, postgresTimes] = timings.map((list) => list.sort((a, b) => a - b)) as [number[], number[]];
      const figures = (sorted: number[]) => ({ p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) });
      const row = { sqlite: figures(sqliteTimes), postgres: figures(postgresTimes) };
      results[`prepare-${size}`] = row;
      rows.push([
        size,
        RUNS,
        row.sqlite.p50,
        row.sqlite.p99,
        row.postgres.p50,
        row.postgres.p99,
        row.postgres.p50 / row.sqlite.p50,
        row.postgres.p99 / row.sqlite.p99,
        `${loads[0]?.toFixed(0)} / ${loads[1]?.toFixed(0)}`,
      ]);
    }
    printTable(
      `prepare() latency, ms: SQLite file vs local PostgreSQL, the same synthetic English facts in scope (+10k of another user), ${HISTORY_EXCHANGES} exchanges of history`,
      [
        'facts in scope',
        'runs',
        'sqlite p50',
        'sqlite p99',
        'postgres p50',
        'postgres p99',
        'p50 ratio',
        'p99 ratio',
        'load s',
      ],
      rows,
    );

    const throughput: Array<Array<string | number>> = [];
    for (const kind of ['sqlite', 'postgres'] as const) {
      for (const writers of WRITERS) {
        const schema = `memstack_bench_record_${writers}_${process.pid}`;
        schemas.push(schema);
        const target = kind === 'sqlite' ? join(directory, `record-${writers}.db`) : url;
        // Created (and migrated) once before the writers start, as a deployment would.
        const store =
          kind === 'sqlite' ? sqliteStore({ path: target }) : await postgresStore({ connectionString: url, schema });
        await store.close();
        const startAt = Date.now() + 3000;
        const outputs = await Promise.all(
          Array.from({ length: writers }, (_, index) =>
            runWriter([kind, target, schema, String(index), String(EXCHANGES_PER_WRITER), String(startAt)]),
          ),
        );
        const ends = outputs.map((output) => JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as WriterResult);
        const seconds = (Math.max(...ends.map((end) => end.endedAt)) - startAt) / 1000;
        const latencies = ends.flatMap((end) => end.latencies).sort((a, b) => a - b);
        const total = writers * EXCHANGES_PER_WRITER;
        const row = {
          exchangesPerSecond: total / seconds,
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
        };
        results[`record-${kind}-${writers}`] = row;
        throughput.push([kind, writers, total, row.exchangesPerSecond, row.p50, row.p99]);
      }
    }
    printTable(
      `record() throughput: writer processes recording exchanges at once, each on its own sessions (${EXCHANGES_PER_WRITER} exchanges per process; the extraction job is enqueued with each, run by no one here)`,
      ['store', 'processes', 'exchanges', 'exchanges/s', 'record p50 ms', 'record p99 ms'],
      throughput,
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
    for (const schema of schemas) await dropSchema(url, schema);
  }
  return results;
}

interface WriterResult {
  endedAt: number;
  latencies: number[];
}

function runWriter(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'record-writer.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`a writer exited with ${code}`))));
  });
}
