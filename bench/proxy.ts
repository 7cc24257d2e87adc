import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStack } from '../src/index.js';
import { startMemoryProxy } from '../src/server.js';
import { sqliteStore } from '../src/sqlite.js';
import { printTable, quantile } from './print-table.js';

const RUNS = 600;
const WARMUP = 100;

/** Milliseconds from the request to the first and to the last byte of the body, one entry per call. */
interface Timings {
  first: number[];
  last: number[];
}

/**
 * What the proxy adds to a request: the same Anthropic request straight to a local upstream and through the proxy
 * (decorated, forwarded, recorded before the end of the response), in alternating order, on a SQLite file on disk,
 * timed to the first byte of the body and to the last. JSON and streamed replies, each with two pacings of the
 * conversation: `spaced`, the next turn sent once the last one's background work (extraction) is done, as with a real
 * model, whose reply takes longer; and `back to back`, the next turn sent at once, beside that work (the worst case,
 * not a real conversation).
 */
export async function proxyBench(): Promise<Record<string, unknown>> {
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
  const stack = createMemoryStack({ store: sqliteStore({ path: join(directory, 'proxy.db') }) });
  const proxy = await startMemoryProxy({ stack, port: 0, anthropicBaseUrl: upstreamUrl });
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, unknown> = {};
  try {
    for (const [stream, spaced] of [
      [false, true],
      [true, true],
      [false, false],
      [true, false],
    ] as const) {
      const user = `bench-${stream ? 'sse' : 'json'}-${spaced ? 'spaced' : 'back-to-back'}`;
      const direct: Timings = { first: [], last: [] };
      const proxied: Timings = { first: [], last: [] };
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
        if (index % 2 === 0) {
          await call(upstreamUrl, direct);
          await call(proxy.url, proxied);
        } else {
          await call(proxy.url, proxied);
          await call(upstreamUrl, direct);
        }
        messages.push({ role: 'assistant', content: 'Noted, thanks.' });
        if (spaced) await proxy.idle();
      }
      await proxy.idle();
      const figures = (which: 'first' | 'last') => {
        const straight = [...direct[which]].sort((a, b) => a - b);
        const through = [...proxied[which]].sort((a, b) => a - b);
        const row = {
          directP50: quantile(straight, 0.5),
          directP99: quantile(straight, 0.99),
          proxiedP50: quantile(through, 0.5),
          proxiedP99: quantile(through, 0.99),
        };
        return { ...row, addedP50: row.proxiedP50 - row.directP50, addedP99: row.proxiedP99 - row.directP99 };
      };
      const first = figures('first');
      const last = figures('last');
      results[`${stream ? 'stream' : 'json'}${spaced ? '' : 'BackToBack'}`] = { firstByte: first, lastByte: last };
      rows.push([
        stream ? 'SSE' : 'JSON',
        spaced ? 'spaced' : 'back to back',
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
    }
  } finally {
    await proxy.close();
    await stack.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  }
  printTable(
    'memory proxy: added latency per request, ms (local upstream, one user per row, 20-message history resent each call; decorate + forward, the end of the response held back until the exchange is stored)',
    [
      'reply',
      'turns',
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
