import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN, PROCESSES_TIMEOUT, runMemstack } from '../support/built-cli.js';
import { spawnServe } from '../support/spawn-serve.js';

const quiet = { ...process.env, MEMSTACK_PROXY_TOKEN: '' };

/** A failure of `memstack serve` is one line on stderr and a non-zero exit, never a stack trace. */
function expectOneLine(result: { code: number; stdout: string; stderr: string }, says: RegExp): void {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^memstack: /);
  expect(lines[0]).toMatch(says);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('memstack serve (the built CLI): its edges', { timeout: PROCESSES_TIMEOUT }, () => {
  let taken: Server;
  let takenPort = 0;
  beforeAll(async () => {
    if (!existsSync(CLI_BIN)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('a port in use, an address of no interface, a bad origin: one line each, exit 1', async () => {
    const serve = (...args: string[]) => runMemstack(['serve', '--db', ':memory:', ...args], quiet);
    expectOneLine(await serve('--port', String(takenPort)), /cannot listen on 127\.0\.0\.1:\d+: the port is in use/);
    const token = ['--token', 'a-token-of-twenty-chars'];
    expectOneLine(await serve('--port', '0', '--host', '192.0.2.1', ...token), /no network interface/);
    expectOneLine(await serve('--port', '0', '--allow-origin', 'https://app.example/path'), /is not an origin/);
    expectOneLine(await serve('--port', '0', '--allow-origin', '*'), /is not an origin/);
    expectOneLine(await serve('--port', '0', '--host', '0.0.0.0'), /set a token/);
  });

  it("--host '[::1]' (bracketed, as in a URL) serves on IPv6 loopback, and answers a request there", async () => {
    const { child, url } = await spawnServe(CLI_BIN, ['--port', '0', '--db', ':memory:', '--host', '[::1]']);
    try {
      expect(url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      const response = await fetch(`${url}/inspect/api/sessions`);
      expect(response.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('--allow-origin: that page’s preflight is answered by the proxy itself, any other page is refused', async () => {
    const { child, url } = await spawnServe(CLI_BIN, [
      '--port',
      '0',
      '--db',
      ':memory:',
      '--allow-origin',
      'http://localhost:3000',
      '--anthropic-base-url',
      'http://127.0.0.1:9',
    ]);
    try {
      const preflight = (origin: string) =>
        fetch(`${url}/v1/messages`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, x-api-key, x-memstack-user',
          },
        });
      const allowed = await preflight('http://localhost:3000');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type, x-api-key, x-memstack-user');
      const other = await preflight('http://localhost:3001');
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      child.kill('SIGTERM');
    }
  });
});
