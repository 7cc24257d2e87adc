import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { startAnthropicServer } from '../support/anthropic-server.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'dist/cli/main.js');
const children: ChildProcess[] = [];
const schemas: string[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await dropSchemas(...schemas);
});

/** `memstack serve` as a user runs it (the built bin) on a PostgreSQL URL; resolves with its URL once it listens. */
function serve(args: string[]): Promise<{ url: string; output: () => string }> {
  if (!existsSync(bin)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
  const child = spawn(process.execPath, [bin, 'serve', ...args], {
    cwd: root,
    env: { ...process.env, MEMSTACK_PROXY_TOKEN: '' },
  });
  children.push(child);
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (data: Buffer): void => {
      output += data.toString();
      const match = /proxy on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolvePromise({ url: match[1], output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`memstack serve exited (${code}): ${output}`)));
  });
}

const TURNS = [
  'Help me move our Kubernetes cluster from AWS to Hetzner. We always use Terraform for infrastructure.',
  'Frankfurt, please.',
  'I prefer Helm charts over raw manifests.',
  'We always deploy with Argo CD.',
  'We run Postgres 15 in production.',
  'What did we decide about the region?',
];

describe.skipIf(!TEST_POSTGRES_URL)(
  `two memstack serve on one PostgreSQL${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`,
  () => {
    it('one conversation alternating between two proxies keeps one session, one pin and one set of facts', async () => {
      const url = TEST_POSTGRES_URL as string;
      const schema = uniqueSchema('proxies');
      schemas.push(schema);
      const upstream = await startAnthropicServer(
        TURNS.map((_, index) => ({
          type: 'message',
          text: index === 0 ? 'Sure. Which region: Frankfurt or Helsinki?' : `Noted (${index}).`,
        })),
      );
      try {
        const proxies = await Promise.all(
          [0, 1].map(() =>
            serve(['--port', '0', '--db', url, '--schema', schema, '--anthropic-base-url', upstream.url]),
          ),
        );
        for (const proxy of proxies) expect(proxy.output()).not.toContain('memory skipped');
        const clients = proxies.map(
          (proxy) =>
            new Anthropic({
              apiKey: 'k',
              baseURL: proxy.url,
              maxRetries: 0,
              defaultHeaders: { 'x-memstack-user': 'dana' },
            }),
        );
        const messages: Anthropic.MessageParam[] = [];
        // A third process's view of the same database, running no jobs itself.
        const store = await postgresStore({ connectionString: url, schema });
        const reader = createMemoryStack({ store, runJobs: false });
        try {
          for (const [index, text] of TURNS.entries()) {
            messages.push({ role: 'user', content: text });
            const reply = await (clients[index % 2] as Anthropic).messages.create({
              model: 'm',
              max_tokens: 50,
              messages,
            });
            messages.push({ role: 'assistant', content: reply.content });
            // The next turn goes to the other proxy once this one's exchange is recorded (after its response).
            for (let tries = 0; tries < 200; tries += 1) {
              if ((await reader.session({ agentId: 'proxy', userId: 'dana' })).turns.length >= (index + 1) * 2) break;
              await new Promise((wait) => setTimeout(wait, 25));
            }
          }
          // Both proxies run the extraction jobs; wait until none is left.
          const { jobs, browse } = store;
          for (let tries = 0; tries < 200; tries += 1) {
            const left = [
              ...((await jobs?.list({ state: 'queued', limit: 1 })) ?? []),
              ...((await jobs?.list({ state: 'running', limit: 1 })) ?? []),
            ];
            if (left.length === 0) break;
            await new Promise((wait) => setTimeout(wait, 50));
          }
          const sessions = (await browse?.sessions({ limit: 10 })) ?? [];
          expect(sessions).toHaveLength(1);
          expect(sessions[0]?.turns).toBe(TURNS.length * 2);
          const view = await reader.session({ agentId: 'proxy', userId: 'dana' });
          expect(view.turns.filter((turn) => turn.role === 'user').map((turn) => turn.text)).toEqual(TURNS);
          expect(view.pinned).toContain('Kubernetes');
          expect(view.pinned).toContain('Frankfurt');
          const facts = (await reader.facts.list({ agentId: 'proxy', userId: 'dana' })).map((fact) => fact.text);
          expect(new Set(facts).size).toBe(facts.length);
          expect(facts.join('\n')).toMatch(/Helm/);
          expect(facts.join('\n')).toMatch(/Argo CD/);
          // The sixth request, sent by the second proxy, carried the pin the first proxy's worker wrote: in the system
          // prompt, or in the recap of its message while it waits for the next burst (decision 7: a task pinned after
          // a burst's first exchange, which depends on when the job ran).
          const last = upstream.requests.at(-1)?.body as { system?: unknown; messages?: unknown[] };
          const carried = `${JSON.stringify(last.system)}${JSON.stringify(last.messages?.at(-1))}`;
          expect(carried).toMatch(/<pinned_task>|Pinned task: /);
        } finally {
          await reader.close();
        }
      } finally {
        await upstream.close();
      }
    }, 120_000);
  },
);
