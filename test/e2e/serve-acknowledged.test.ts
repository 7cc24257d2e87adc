import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStack, heuristicExtractor } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { CLI_BIN, PROCESSES_TIMEOUT, runMemstack } from '../support/built-cli.js';
import { killProxyAfterAnswers } from '../support/kill-proxy.js';
import { spawnServe } from '../support/spawn-serve.js';

const directory = mkdtempSync(join(tmpdir(), 'memstack-serve-kill-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** `memstack serve` as a user runs it (the built bin), killed, and in front of an upstream that hangs. */
describe('memstack serve (the built CLI): acknowledged means stored', { timeout: PROCESSES_TIMEOUT }, () => {
  it('keeps every exchange a client got the end of, and its extraction job, through a kill -9 at that moment', async () => {
    if (!existsSync(CLI_BIN)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    const path = join(directory, 'killed.db');
    // 30 clients at once (Anthropic, OpenAI chat and Responses, JSON and streamed); the kill comes as the last response ends.
    const report = await killProxyAfterAnswers({ bin: CLI_BIN, path, clients: 30, delayMs: 0 });
    expect(report).toEqual({ answered: 30, lost: 0, withoutJob: 0 });

    // Jobs the killed proxy held are taken at once: their lease names a process that is gone (decision 16).
    const stack = createMemoryStack({ store: sqliteStore({ path }), extractor: heuristicExtractor() });
    await stack.idle();
    await stack.close();
    const after = new Database(path);
    const states = after
      .prepare("SELECT state, count(*) AS n FROM jobs WHERE json_extract(payload, '$.kind') = 'extract' GROUP BY state")
      .all();
    const facts = after.prepare('SELECT count(DISTINCT user_id) AS n FROM facts').get() as { n: number };
    after.close();
    expect(states).toEqual([{ state: 'done', n: 30 }]);
    expect(facts.n).toBe(30);
  }, 120_000);

  it('--upstream-timeout bounds the wait on an upstream that never answers: a 504 in the API’s shape', async () => {
    const hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    const { child, url } = await spawnServe(CLI_BIN, [
      '--port',
      '0',
      '--db',
      ':memory:',
      '--anthropic-base-url',
      upstream,
      '--upstream-timeout',
      '0.2',
    ]);
    try {
      const response = await fetch(`${url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'x-memstack-user': 'alice' },
        body: JSON.stringify({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'Hello' }] }),
      });
      expect(response.status).toBe(504);
      expect(response.headers.get('x-memstack')).toBe('upstream-timeout');
      expect(await response.json()).toEqual({
        type: 'error',
        error: { type: 'timeout_error', message: 'memstack: the upstream sent no response headers for 0.2 s' },
      });
    } finally {
      child.kill('SIGTERM');
      hung.closeAllConnections();
      hung.close();
    }
    const refused = await runMemstack(['serve', '--port', '0', '--db', ':memory:', '--upstream-timeout', '0']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("option '--upstream-timeout <seconds>' argument '0' is invalid");
  });
});
