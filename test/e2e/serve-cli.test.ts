import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server.js';
import { PROCESSES_TIMEOUT } from '../support/built-cli.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'dist/cli/main.js');

/** `memstack serve` as a user runs it, the built bin, with an Anthropic client pointed at it. */
describe('memstack serve (the built CLI)', { timeout: PROCESSES_TIMEOUT }, () => {
  let child: ChildProcess | undefined;
  let upstream: AnthropicServer | undefined;
  let directory: string | undefined;
  afterEach(async () => {
    child?.kill('SIGTERM');
    await upstream?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
    child = undefined;
    upstream = undefined;
    directory = undefined;
  });

  const start = (args: string[], command = 'serve'): Promise<{ url: string; output: () => string }> => {
    if (!existsSync(bin)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    const process_ = spawn(process.execPath, [bin, command, ...args], {
      cwd: root,
      env: { ...process.env, MEMSTACK_PROXY_TOKEN: '' },
    });
    child = process_;
    let output = '';
    return new Promise((resolvePromise, reject) => {
      const onData = (data: Buffer): void => {
        output += data.toString();
        const match = /(?:proxy|inspector) on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolvePromise({ url: match[1], output: () => output });
      };
      process_.stdout?.on('data', onData);
      process_.stderr?.on('data', onData);
      process_.on('exit', (code) => reject(new Error(`memstack ${command} exited (${code}): ${output}`)));
    });
  };

  it('serves Anthropic clients with memory, one session per x-memstack-user', async () => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-serve-'));
    upstream = await startAnthropicServer([
      { type: 'message', text: 'Sure: which region?' },
      { type: 'message', text: 'Frankfurt it is.' },
    ]);
    const proxy = await start([
      '--port',
      '0',
      '--db',
      join(directory, 'proxy.db'),
      '--anthropic-base-url',
      upstream.url,
    ]);
    expect(proxy.output()).toContain(`inspector on ${proxy.url}/inspect/`);
    const client = new Anthropic({
      apiKey: 'k',
      baseURL: proxy.url,
      maxRetries: 0,
      defaultHeaders: { 'x-memstack-user': 'alice' },
    });
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Help me move our Kubernetes cluster to Hetzner. We always use Terraform.' },
    ];
    const first = await client.messages.create({ model: 'm', max_tokens: 50, messages });
    messages.push(
      { role: 'assistant', content: first.content },
      { role: 'user', content: 'Frankfurt, with Terraform.' },
    );
    // Extraction runs in the background of the proxy process: wait until its file holds the pin (a second process
    // on the same file, as decision 11 allows).
    const reader = createMemoryStack({ store: sqliteStore({ path: join(directory, 'proxy.db') }) });
    for (
      let tries = 0;
      tries < 100 && (await reader.session({ agentId: 'proxy', userId: 'alice' })).pinned === null;
      tries += 1
    ) {
      await new Promise((wait) => setTimeout(wait, 50));
    }
    await reader.close();
    await client.messages.create({ model: 'm', max_tokens: 50, messages });
    const sent = upstream.requests[1]?.body as { system?: Array<{ text: string }> };
    expect(sent.system?.at(-1)?.text).toContain('<pinned_task>');
  });

  it('refuses a non-loopback address without a token, and a base URL without a scheme, saying what to write', async () => {
    await expect(start(['--port', '0', '--db', ':memory:', '--host', '0.0.0.0'])).rejects.toThrow(/set a token/);
    await expect(start(['--port', '0', '--db', ':memory:', '--anthropic-base-url', 'api.example.com'])).rejects.toThrow(
      /write http:\/\/api\.example\.com or https:\/\/api\.example\.com/,
    );
  });

  it('memstack inspect serves the inspector alone on an existing file, and runs none of its jobs', async () => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-inspect-'));
    const database = join(directory, 'app.db');
    // The application's own process, which left its extraction job for its workers.
    const application = createMemoryStack({ store: sqliteStore({ path: database }), runJobs: false });
    const prepared = await application.prepare({ agentId: 'app', userId: 'alice', text: 'We deploy on Fly.io.' });
    await application.record(prepared, { text: 'Noted.' });
    await application.close();

    await expect(start(['--db', join(directory, 'missing.db'), '--port', '0'], 'inspect')).rejects.toThrow(
      /no database at/,
    );
    await expect(start(['--db', database, '--port', '0', '--host', '0.0.0.0'], 'inspect')).rejects.toThrow(
      /exposes the inspector beyond this machine/,
    );
    const inspector = await start(['--db', database, '--port', '0'], 'inspect');
    expect(inspector.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/inspect\/$/);
    const page = await fetch(inspector.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('memstack inspector');
    const api = new URL('api/', inspector.url);
    const sessions = (await (await fetch(new URL('sessions', api))).json()) as { sessions: Array<{ key: string }> };
    expect(sessions.sessions.map((session) => session.key)).toEqual([prepared.session.key]);
    // A stack that ran jobs would have claimed it at once; this one leaves it to the application.
    await new Promise((wait) => setTimeout(wait, 500));
    const queued = (await (await fetch(new URL('jobs?state=queued', api))).json()) as { jobs: unknown[] };
    expect(queued.jobs).toHaveLength(1);
  });
});
