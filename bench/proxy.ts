import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printTable, quantile } from './print-table.js';

const RUNS = 600;
const WARMUP = 100;

/** Milliseconds from the request to the first and to the last byte of the body, one entry per call. */
interface Timings {
  first: number[];
  last: number[];
}

/** A proxy under test: this checkout's, or a baseline's. */
interface BenchProxy {
  label: 'this' | 'baseline';
  url: string;
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A memory proxy on a SQLite file, from this checkout or from another one (`--baseline <dir>`: a checkout of another
 * commit, with its own `node_modules`), so that both are timed in one run against the same upstream.
 */
async function startBenchProxy(root: string | undefined, path: string, upstreamUrl: string): Promise<BenchProxy> {
  const from = (entry: string) =>
    root === undefined ? `../src/${entry}` : pathToFileURL(join(root, 'src', entry)).href;
  const { createMemoryStack: create } = (await import(from('index.ts'))) as typeof import('../src/index.js');
  const { startMemoryProxy: start } = (await import(from('server.ts'))) as typeof import('../src/server.js');
  const { sqliteStore: sqlite } = (await import(from('sqlite.ts'))) as typeof import('../src/sqlite.js');
  const stack = create({ store: sqlite({ path }) });
  const proxy = await start({ stack, port: 0, anthropicBaseUrl: upstreamUrl });
  return {
    label: root === undefined ? 'this' : 'baseline',
    url: proxy.url,
    idle: () => proxy.idle(),
    close: async () => {
      await proxy.close();
      await stack.close();
    },
  };
}

/**
 * What the proxy adds to a request: the same Anthropic request straight to a local upstream and through the proxy
 * (decorated, forwarded, recorded before the end of the response), in alternating order, on a SQLite file on disk,
 * timed to the first byte of the body and to the last. JSON and streamed replies, each with two pacings of the
 * conversation: `spaced`, the next turn sent once the last one's background work (extraction) is done, as with a real
 * model, whose reply takes longer; and `back to back`, the next turn sent at once, beside that work (the worst case,
 * not a real conversation). With `baseline`, another checkout's proxy is timed in the same rotation (each turn sent
 * to every proxy), and the table gives both, side by side.
 */
export async function proxyBench(options: { baseline?: string | undefined } = {}): Promise<Record<string, unknown>> {
  const upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const stream = request.headers['x-bench-stream'] === '1';
      if (!stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'msg',
            type: 'message',
            role: 'assistant',
            model: 'm',
            content: [{ type: 'text', text: 'Noted, thanks.' }],
            stop_reason: 'end_turn',
            stop_sequence: null,
            usage: { input_tokens: 50, output_tokens: 4 },
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (event: string, data: unknown) =>
        response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send('message_start', {
        type: 'message_start',
        message: {
          id: 'msg',
          type: 'message',
          role: 'assistant',
          model: 'm',
          content: [],
          usage: { input_tokens: 50, output_tokens: 1 },
        },
      });
      send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      send('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: 'Noted, thanks.' },
      });
      send('content_block_stop', { type: 'content_block_stop', index: 0 });
      send('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } });
      send('message_stop', { type: 'message_stop' });
      response.end();
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const directory = mkdtempSync(join(tmpdir(), 'memstack-proxy-bench-'));
  const proxies: BenchProxy[] = [];
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, unknown> = {};
  try {
    if (options.baseline !== undefined) {
      proxies.push(await startBenchProxy(options.baseline, join(directory, 'baseline.db'), upstreamUrl));
    }
    proxies.push(await startBenchProxy(undefined, join(directory, 'proxy.db'), upstreamUrl));
    for (const [stream, spaced] of [
      [false, true],
      [true, true],
      [false, false],
      [true, false],
    ] as const) {
      const user = `bench-${stream ? 'sse' : 'json'}-${spaced ? 'spaced' : 'back-to-back'}`;
      const direct: Timings = { first: [], last: [] };
      const proxied: Timings[] = proxies.map(() => ({ first: [], last: [] }));
      const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [];
      for (let index = 0; index < RUNS + WARMUP; index += 1) {
        // A growing conversation of one user, as a client resends it, kept to its last 20 messages.
        messages.push({
          role: 'user',
          content: `Question ${index}: how do we deploy service ${index % 17} on Fridays?`,
        });
        const body = JSON.stringify({
          model: 'm',
          max_tokens: 50,
          system: 'You are helpful.',
          messages: messages.slice(-21),
          ...(stream ? { stream: true } : {}),
        });
        // From the request to the first byte of the body, and to its last (the end the client waits for).
        const call = async (base: string, into: Timings) => {
          const start = performance.now();
          const response = await fetch(`${base}/v1/messages`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-api-key': 'k',
              'x-memstack-user': user,
              'x-bench-stream': stream ? '1' : '0',
            },
            body,
          });
          const reader = (response.body as ReadableStream<Uint8Array>).getReader();
          let next = await reader.read();
          const first = performance.now();
          while (!next.done) next = await reader.read();
          if (index >= WARMUP) {
            into.first.push(first - start);
            into.last.push(performance.now() - start);
          }
        };
        // Each turn to the upstream and to every proxy, the order turning each time, so that no one is always first.
        const targets = [
          { url: upstreamUrl, into: direct },
          ...proxies.map((proxy, position) => ({ url: proxy.url, into: proxied[position] as Timings })),
        ];
        for (let offset = 0; offset < targets.length; offset += 1) {
          const target = targets[(index + offset) % targets.length] as (typeof targets)[number];
          await call(target.url, target.into);
        }
        messages.push({ role: 'assistant', content: 'Noted, thanks.' });
        if (spaced) await Promise.all(proxies.map((proxy) => proxy.idle()));
      }
      await Promise.all(proxies.map((proxy) => proxy.idle()));
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const added = (timings: Timings, which: 'first' | 'last') => {
        const straight = sorted(direct[which]);
        const through = sorted(timings[which]);
        return {
          directP50: quantile(straight, 0.5),
          directP99: quantile(straight, 0.99),
          proxiedP50: quantile(through, 0.5),
          proxiedP99: quantile(through, 0.99),
          addedP50: quantile(through, 0.5) - quantile(straight, 0.5),
          addedP99: quantile(through, 0.99) - quantile(straight, 0.99),
        };
      };
      const key = `${stream ? 'stream' : 'json'}${spaced ? '' : 'BackToBack'}`;
      proxies.forEach((proxy, position) => {
        const timings = proxied[position] as Timings;
        const first = added(timings, 'first');
        const last = added(timings, 'last');
        results[`${key}${proxy.label === 'baseline' ? 'Baseline' : ''}`] = { firstByte: first, lastByte: last };
        rows.push([
          stream ? 'SSE' : 'JSON',
          spaced ? 'spaced' : 'back to back',
          proxy.label,
          RUNS,
          first.directP50,
          first.addedP50,
          first.addedP99,
          last.directP50,
          last.proxiedP50,
          last.addedP50,
          last.directP99,
          last.proxiedP99,
          last.addedP99,
        ]);
      });
    }
  } finally {
    for (const proxy of proxies) await proxy.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  }
  printTable(
    `memory proxy: added latency per request, ms (local upstream, one user per row, 20-message history resent each call; decorate + forward, the end of the response held back until the exchange is stored)${options.baseline === undefined ? '' : `; baseline: ${options.baseline}`}`,
    [
      'reply',
      'turns',
      'proxy',
      'runs',
      '1st byte direct p50',
      '1st added p50',
      '1st added p99',
      'last byte direct p50',
      'last proxied p50',
      'last added p50',
      'last direct p99',
      'last proxied p99',
      'last added p99',
    ],
    rows,
  );
  return results;
}
