import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runChat } from '../../src/cli/run-chat.js';
import { type ChatModel, type CompletionModel, createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { startOpenaiServer, streamReply } from '../support/openai-server.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

function echoModel(): ChatModel & CompletionModel {
  let turn = 0;
  return {
    specificationVersion: 'v1',
    provider: 'echo',
    modelId: 'echo-1',
    async chat(request) {
      turn += 1;
      const text = turn === 1 ? 'Which Node version do you deploy on?' : `Noted (${turn}).`;
      for (const piece of text.split(' ')) request.onText?.(`${piece} `);
      return {
        text,
        usage: { inputTokens: 321, cacheReadInputTokens: 300, cacheCreationInputTokens: 12 },
        path: 'api',
      };
    },
    async complete() {
      return { text: '{}' };
    },
  };
}

async function converse(lines: string[]): Promise<string> {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
  const done = runChat({
    stack,
    model: echoModel(),
    scope: { agentId: 'chat', userId: 'me', threadId: 't' },
    input,
    output,
  });
  for (const line of lines) input.write(`${line}\n`);
  input.end();
  await done;
  await stack.close();
  return printed;
}

describe('memstack chat', () => {
  it('streams replies, prints a status line, and answers the memory commands', async () => {
    const printed = await converse([
      'Help me set up a deployment pipeline for our API. We always deploy with Terraform.',
      'Node 22 in production.',
      '/pin',
      '/facts',
      '/nope',
      '/forget',
      '/facts',
      '/exit',
      'never sent',
    ]);
    expect(printed).toContain('memstack chat · echo:echo-1 · /pin, /facts, /forget, /exit');
    expect(printed).toContain('assistant> Which Node version do you deploy on? ');
    expect(printed).toMatch(
      /\[pinned: no · facts: 0 \(relevance\) · tokens: 321 in, memory \d+\.\d% · cache read 300 \/ write 12 · path: api\]/,
    );
    expect(printed).toMatch(/\[pinned: yes · facts: \d \((relevance|recency)\)/);
    expect(printed).toContain('Help me set up a deployment pipeline for our API.');
    expect(printed).toContain('[+] Which Node version do you deploy on? → Node 22 in production');
    expect(printed).toMatch(/#\d+ User's team always deploys with Terraform \(used \d×\)/);
    expect(printed).toContain('unknown command /nope');
    expect(printed).toMatch(/forgot \d+ facts, 4 turns, 1 sessions/);
    expect(printed).toContain('(no facts yet)');
    expect(printed).not.toContain('never sent');
  });

  it('says exactly what to set, and exits non-zero, when no model is configured', async () => {
    const env = { PATH: '/nonexistent', HOME: process.env.HOME ?? '/tmp' };
    const result = await run(process.execPath, [join(root, 'dist/cli/main.js'), 'chat', '--db', ':memory:'], {
      env,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--model anthropic:<model-id>');
    expect(result.stderr).toContain('--model claude-cli[:<model-id>]');
    expect(result.stderr).toContain('--model openai:<model-id> --base-url <url>');
  });
});

describe('memstack chat, the built bin against a local OpenAI-compatible server', () => {
  it('streams the reply, shows the status line, and remembers across turns in its SQLite file', async () => {
    const server = await startOpenaiServer();
    server.reply(
      streamReply({
        model: 'llama3.1',
        deltas: ['Sure, ', 'which region?'],
        usage: {
          placement: 'separate',
          value: {
            prompt_tokens: 120,
            completion_tokens: 4,
            total_tokens: 124,
            prompt_tokens_details: { cached_tokens: 100 },
          },
        },
      }),
      streamReply({ model: 'llama3.1', deltas: ['Frankfurt it is.'] }),
    );
    const directory = mkdtempSync(join(tmpdir(), 'memstack-chat-'));
    const child = execFile(
      process.execPath,
      [
        join(root, 'dist/cli/main.js'),
        'chat',
        '--model',
        'openai:llama3.1',
        '--base-url',
        server.baseURL,
        '--db',
        join(directory, 'chat.db'),
      ],
      { env: { PATH: process.env.PATH ?? '', HOME: directory } },
    );
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stdin?.end('Help me deploy our API to Fly.io in the EU.\nFrankfurt, please.\n/pin\n/exit\n');
    const code = await new Promise<number | null>((resolveExit) => child.on('close', resolveExit));
    // Another user of the same file, with no --thread: a private session of their own, not the first user's.
    const otherChild = execFile(
      process.execPath,
      [join(root, 'dist/cli/main.js'), 'chat', '--model', 'openai:llama3.1', '--base-url', server.baseURL].concat([
        '--db',
        join(directory, 'chat.db'),
        '--user',
        'someone-else',
      ]),
      { env: { PATH: process.env.PATH ?? '', HOME: directory } },
    );
    let otherStdout = '';
    otherChild.stdout?.on('data', (chunk: Buffer) => {
      otherStdout += chunk.toString('utf8');
    });
    otherChild.stdin?.end('/pin\n/exit\n');
    await new Promise((resolveExit) => otherChild.on('close', resolveExit));
    await server.close();
    rmSync(directory, { recursive: true, force: true });
    expect(otherStdout).toContain('(no pinned task yet)');
    expect(code).toBe(0);
    expect(stdout).toContain('memstack chat · openai-compatible:llama3.1');
    expect(stdout).toContain('assistant> Sure, which region?');
    expect(stdout).toContain('cache read 100 / write 0 · path: api]');
    expect(stdout).toContain('[pinned: yes');
    expect(stdout).toContain('Help me deploy our API to Fly.io in the EU.');
    expect(stdout).toContain('[+] Sure, which region? → Frankfurt, please');
    const second = server.requests[1]?.body as { messages: Array<{ role: string; content: string }> };
    expect(
      second.messages.at(-1)?.content.startsWith('<task_recap>\nPinned task: Help me deploy our API to Fly.io'),
    ).toBe(true);
  });
});
