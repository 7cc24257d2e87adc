import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack, heuristicExtractor, type MemoryStack } from '../../src/index.js';
import { type RunningMemoryProxy, startMemoryProxy } from '../../src/server.js';
import { sqliteStore } from '../../src/sqlite.js';
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server.js';

/**
 * The real Claude Code CLI (a ~380 MB native binary, so not a dependency): `.ci/run` installs the pinned version
 * into a cache folder and sets MEMSTACK_CLAUDE_CODE; on a machine without it, this file is reported skipped.
 */
const tools = process.env.MEMSTACK_TOOLS ?? join(homedir(), '.cache', 'memstack-tools');
const cached = join(tools, 'claude-code', 'node_modules', '.bin', 'claude');
const claude = process.env.MEMSTACK_CLAUDE_CODE || (existsSync(cached) ? cached : undefined);
const title = claude
  ? 'Claude Code through the memory proxy (the real CLI, offline)'
  : 'Claude Code through the memory proxy (skipped: no CLI; .ci/run installs it, or set MEMSTACK_CLAUDE_CODE)';

interface SentRequest {
  system: Array<{ text: string; cache_control?: unknown }>;
  messages: Array<{ role: string; content: string | Array<{ type: string; text?: string; cache_control?: unknown }> }>;
  tools?: Array<{ cache_control?: unknown }>;
  metadata?: { user_id?: string };
}

describe.skipIf(claude === undefined)(title, () => {
  let directory: string;
  let upstream: AnthropicServer;
  let stack: MemoryStack;
  let proxy: RunningMemoryProxy;
  const project = (): string => join(directory, 'project');

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-claude-code-'));
    mkdirSync(join(directory, 'home'));
    mkdirSync(project());
    const notes = join(project(), 'notes.txt');
    writeFileSync(notes, 'Deploy target: Fly.io, region fra.\n');
    upstream = await startAnthropicServer([
      { type: 'stream', deltas: ['Sure. ', 'Which Postgres version?'] },
      { type: 'stream', deltas: ['Postgres 16 it is.'] },
      // Claude Code runs the Read tool on the project's file and sends its content back: a tool loop.
      { type: 'stream', deltas: [], toolUse: { id: 'toolu_1', name: 'Read', input: { file_path: notes } } },
      { type: 'stream', deltas: ['The notes say Fly.io, region fra.'] },
    ]);
    stack = createMemoryStack({
      store: sqliteStore({ path: join(directory, 'memory.db') }),
      extractor: heuristicExtractor(),
    });
    proxy = await startMemoryProxy({ stack, port: 0, anthropicBaseUrl: upstream.url });
  });
  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
    await stack?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** `claude -p` as a user runs it, pointed at the proxy, with a HOME of its own and nothing of this machine's. */
  const ask = (prompt: string, flags: string[] = []): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile(
        claude as string,
        ['-p', prompt, '--model', 'claude-sonnet-4-5', ...flags],
        {
          cwd: project(),
          timeout: 120_000,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: join(directory, 'home'),
            ANTHROPIC_BASE_URL: proxy.url,
            ANTHROPIC_API_KEY: 'sk-test',
            // One header a line, as Claude Code reads them.
            ANTHROPIC_CUSTOM_HEADERS: 'x-memstack-user: alice\nx-memstack-thread: billing',
            // Offline: no telemetry, error reports or update checks (they would go to other hosts).
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
            DISABLE_AUTOUPDATER: '1',
          },
        },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      ).stdin?.end(); // no prompt on stdin: else it waits 3 s for one
    });

  it('gets the pin and the recap, one stored exchange per prompt (tool loop included), and facts', async () => {
    const first = await ask('Help me migrate the billing service to Postgres. We deploy on Fly.io.');
    expect(first.trim()).toBe('Sure. Which Postgres version?');
    await proxy.idle();
    expect(await ask('We use Postgres 16, and I work from Lisbon.', ['--continue'])).toContain('Postgres 16 it is.');
    await proxy.idle();
    const answer = await ask('Read notes.txt: where do we deploy?', ['--continue']);
    expect(answer).toContain('The notes say Fly.io, region fra.');
    await proxy.idle();

    const sent = upstream.requests.map((request) => request.body as SentRequest);
    expect(upstream.requests.map((request) => request.path)).toEqual(Array(4).fill('/v1/messages?beta=true'));
    for (const { headers } of upstream.requests) expect(Object.keys(headers).join()).not.toContain('x-memstack');
    // The identity Claude Code gives on its own (see readIdentity): still a JSON string with a per-session id.
    expect(JSON.parse(sent[0]?.metadata?.user_id ?? '')).toMatchObject({ device_id: expect.any(String) });

    // The first prompt had no memory yet; from the second on, the pin ends the system prompt and the recap leads.
    expect(sent[0]?.system.at(-1)?.text).not.toContain('<pinned_task>');
    for (const request of sent.slice(1)) {
      expect(request.system.at(-1)?.text).toMatch(/^<pinned_task>[\s\S]*billing service[\s\S]*<\/pinned_task>/);
      const turn = request.messages.findLast(
        (message) => message.role === 'user' && JSON.stringify(message.content).includes('text'),
      );
      const head = typeof turn?.content === 'string' ? turn.content : turn?.content.find((block) => block.text)?.text;
      expect(head).toMatch(/^<task_recap>/);
      // Claude Code marks its own cache breakpoints: memstack's never take the request past the API's 4.
      const marked = [
        ...(request.tools ?? []),
        ...request.system,
        ...request.messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content)),
      ].filter((block) => block.cache_control !== undefined);
      expect(marked.length).toBeLessThanOrEqual(4);
    }
    // The tool loop's second call carries the tool result; its memory stays on the user's prompt.
    expect(JSON.stringify(sent[3]?.messages.at(-1))).toContain('Deploy target: Fly.io');

    const session = await stack.session({ agentId: 'proxy', userId: 'alice', threadId: 'billing' });
    expect(session.turns.map((turn) => `${turn.role}: ${turn.text}`)).toEqual([
      'user: Help me migrate the billing service to Postgres. We deploy on Fly.io.',
      'assistant: Sure. Which Postgres version?',
      'user: We use Postgres 16, and I work from Lisbon.',
      'assistant: Postgres 16 it is.',
      'user: Read notes.txt: where do we deploy?',
      'assistant: The notes say Fly.io, region fra.',
    ]);
    const facts = (await stack.facts.list({ agentId: 'proxy', userId: 'alice' })).map((fact) => fact.text);
    expect(facts.join('\n')).toMatch(/Fly\.io/);
    expect(facts.join('\n')).toMatch(/Lisbon/);
    expect(facts.join('\n')).not.toMatch(/system-reminder|Primary working directory/);
  }, 400_000);
});
