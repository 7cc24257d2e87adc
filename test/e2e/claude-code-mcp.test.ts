import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { type AnthropicServer, startAnthropicServer } from '../support/anthropic-server.js';
import { CLI_BIN } from '../support/built-cli.js';

/** The real Claude Code CLI, as in claude-code.test.ts: `.ci/run` installs it; without it this file is skipped. */
const tools = process.env.MEMSTACK_TOOLS ?? join(homedir(), '.cache', 'memstack-tools');
const cached = join(tools, 'claude-code', 'node_modules', '.bin', 'claude');
const claude = process.env.MEMSTACK_CLAUDE_CODE || (existsSync(cached) ? cached : undefined);
const title = claude
  ? 'Claude Code with memstack mcp (the real CLI, offline)'
  : 'Claude Code with memstack mcp (skipped: no CLI; .ci/run installs it, or set MEMSTACK_CLAUDE_CODE)';

/** Claude Code names an MCP server's tools `mcp__<server>__<tool>`. */
const SEARCH = 'mcp__memstack__search_memories';

interface SentRequest {
  tools?: Array<{ name: string; description?: string }>;
  messages: Array<{ role: string; content: string | Array<{ type: string; tool_use_id?: string; content?: unknown }> }>;
}

describe.skipIf(claude === undefined)(title, () => {
  let directory: string;
  let upstream: AnthropicServer;
  const db = (): string => join(directory, 'memory.db');

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-claude-code-mcp-'));
    mkdirSync(join(directory, 'home'));
    mkdirSync(join(directory, 'project'));
    const stack = createMemoryStack({ store: sqliteStore({ path: db() }), runJobs: false });
    await stack.facts.add({ agentId: 'memstack-chat', userId: 'alice' }, 'User deploys the billing service on Fly.io');
    await stack.facts.add({ agentId: 'memstack-chat', userId: 'bob' }, 'User deploys on Heroku');
    await stack.close();
    upstream = await startAnthropicServer([
      // The model asks for the memory search; Claude Code calls memstack mcp and sends the result back.
      { type: 'stream', deltas: [], toolUse: { id: 'toolu_mcp_1', name: SEARCH, input: { query: 'deploy billing' } } },
      { type: 'stream', deltas: ['You deploy on Fly.io.'] },
    ]);
  });
  afterAll(async () => {
    await upstream?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** Claude Code as a user runs it, with a HOME of its own (its config, `claude mcp add`'s too) and nothing else. */
  const run = (args: string[]): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile(
        claude as string,
        args,
        {
          cwd: join(directory, 'project'),
          timeout: 120_000,
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: join(directory, 'home'),
            ANTHROPIC_BASE_URL: upstream.url,
            ANTHROPIC_API_KEY: 'sk-test',
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
            DISABLE_AUTOUPDATER: '1',
            // MCP tools in the request's tools, not deferred behind its ToolSearch tool: one scripted call reaches them.
            ENABLE_TOOL_SEARCH: 'false',
          },
        },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      ).stdin?.end();
    });

  it('calls search_memories through `claude mcp add memstack -- memstack mcp`, and sends its result back', async () => {
    await run([
      'mcp',
      'add',
      'memstack',
      '--scope',
      'user',
      '--',
      process.execPath,
      CLI_BIN,
      'mcp',
      '--db',
      db(),
      '--user',
      'alice',
    ]);
    const answer = await run([
      '-p',
      'Where do I deploy billing?',
      '--model',
      'claude-sonnet-4-5',
      '--allowedTools',
      SEARCH,
    ]);
    expect(answer.trim()).toBe('You deploy on Fly.io.');

    const sent = upstream.requests.map((request) => request.body as SentRequest);
    const asking = sent.findIndex((request) => request.tools?.some((tool) => tool.name === SEARCH));
    expect(asking).toBeGreaterThanOrEqual(0);
    const offered = sent[asking]?.tools?.map((tool) => tool.name).filter((name) => name.startsWith('mcp__memstack__'));
    expect(offered?.sort()).toEqual(
      [
        'add_memory',
        'clear_pinned_task',
        'delete_memory',
        'forget_thread',
        'get_memories',
        'get_pinned_task',
        'search_memories',
        'set_pinned_task',
        'update_memory',
      ].map((name) => `mcp__memstack__${name}`),
    );
    // The next request carries the tool's result: Alice's fact, found, with why; never Bob's.
    const result = JSON.stringify(sent[asking + 1]?.messages.at(-1)?.content as unknown[]);
    expect(result).toContain('toolu_mcp_1');
    expect(result).toMatch(
      /1 memories match \\"deploy billing\\", best first:\\n- \[id \d+\] \(relevance 1\.00; matched: deploy, billing\) User deploys the billing service on Fly\.io/,
    );
    expect(result).not.toContain('Heroku');
  }, 300_000);
});
