import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMemoryStack } from '../src/index.js';
import { createMemoryMcpServer } from '../src/mcp.js';
import { sqliteStore } from '../src/sqlite.js';
import { CLI_BIN, PROJECT_ROOT } from '../test/support/built-cli.js';
import { printTable, quantile } from './print-table.js';
import { syntheticFacts, syntheticMessages } from './synthetic-facts.js';

const FACTS = 10_000;
const RUNS = 2_000;
const WARMUP = 200;
/** Calls per block; the two paths alternate block by block (as in bench/latency.ts), so the machine's noise hits both. */
const BLOCK = 50;
/** Results per search, the same for both paths (search_memories' default). */
const LIMIT = 10;

/**
 * What the MCP tool adds to a fact search: `search_memories` called through the SDK's own `Client` over its
 * in-process transport (`InMemoryTransport`: JSON-RPC messages, the SDK's argument validation and the tool's result
 * text, without a pipe or a socket) beside `stack.facts.search` on the same stack, the same 10,000 facts of one user
 * in a SQLite file, the same messages, in one run; and through stdio to the built `memstack mcp` on the same file
 * (a child process: a pipe and a JSON line each way; skipped without `npm run build`).
 */
export async function mcpBench(): Promise<Record<string, unknown>> {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-bench-mcp-'));
  const store = sqliteStore({ path: join(directory, 'mcp.db') });
  const scope = { agentId: 'bench', userId: 'u1' };
  store.database.exec('BEGIN');
  for (const [index, text] of syntheticFacts(FACTS).entries()) {
    await store.facts.insert(scope, {
      text,
      hash: `h${index}`,
      sourceSessionKey: null,
      sourceTurnId: null,
      source: 'api',
      at: new Date(Date.now() - index * 60_000),
    });
  }
  store.database.exec('COMMIT');
  const stack = createMemoryStack({ store, runJobs: false });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMemoryMcpServer({ stack, scope }).connect(serverSide);
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(clientSide);
  const stdio = existsSync(CLI_BIN) ? new Client({ name: 'bench', version: '1' }) : undefined;
  await stdio?.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI_BIN, 'mcp', '--db', join(directory, 'mcp.db'), '--agent', scope.agentId, '--user', scope.userId],
      cwd: PROJECT_ROOT,
      stderr: 'ignore',
    }),
  );
  try {
    const messages = syntheticMessages(RUNS + WARMUP);
    const timings = { direct: [] as number[], mcp: [] as number[], stdio: [] as number[] };
    const paths = {
      stdio: async (query: string) => {
        await stdio?.callTool({ name: 'search_memories', arguments: { query, limit: LIMIT } });
      },
      direct: async (query: string) => {
        await stack.facts.search(scope, query, { limit: LIMIT });
      },
      mcp: async (query: string) => {
        await client.callTool({ name: 'search_memories', arguments: { query, limit: LIMIT } });
      },
    };
    for (let first = 0; first < messages.length; first += BLOCK) {
      const block = messages.slice(first, first + BLOCK);
      const kinds = stdio ? (['direct', 'mcp', 'stdio'] as const) : (['direct', 'mcp'] as const);
      const order = (first / BLOCK) % 2 === 0 ? kinds : [...kinds].reverse();
      for (const path of order) {
        for (const [offset, query] of block.entries()) {
          const start = performance.now();
          await paths[path](query);
          const elapsed = performance.now() - start;
          if (first + offset >= WARMUP) timings[path].push(elapsed);
        }
      }
    }
    const figures = Object.fromEntries(
      Object.entries(timings).map(([path, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [path, { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) }];
      }),
    ) as Record<keyof typeof timings, { p50: number; p99: number }>;
    const { direct, mcp, stdio: piped } = figures;
    printTable(
      `MCP search_memories vs stack.facts.search (${FACTS.toLocaleString('en')} facts in scope, SQLite file, limit ${LIMIT}, ${RUNS} calls each after ${WARMUP} warm-up, in-process and stdio transports)`,
      ['path', 'p50 ms', 'p99 ms'],
      [
        ['stack.facts.search', direct.p50, direct.p99],
        ['search_memories (MCP client, in-process)', mcp.p50, mcp.p99],
        ['added by MCP', mcp.p50 - direct.p50, mcp.p99 - direct.p99],
        ['ratio MCP / direct', mcp.p50 / direct.p50, mcp.p99 / direct.p99],
        ...(stdio
          ? [
              ['search_memories (stdio, built memstack mcp)', piped.p50, piped.p99],
              ['ratio stdio / direct', piped.p50 / direct.p50, piped.p99 / direct.p99],
            ]
          : [['search_memories (stdio)', 'skipped: npm run build first', '']]),
      ],
    );
    return { mcp: { facts: FACTS, runs: RUNS, limit: LIMIT, ...figures } };
  } finally {
    await stdio?.close();
    await client.close();
    await stack.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
