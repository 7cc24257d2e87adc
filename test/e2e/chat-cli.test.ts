import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
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
import { PROCESSES_TIMEOUT } from '../support/built-cli.js';
import { cutStreamReply, startOpenaiServer, streamReply } from '../support/openai-server.js';

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
    database: ':memory:',
    input,
    output,
  });
  for (const line of lines) input.write(`${line}\n`);
  input.end();
  await done;
  await stack.close();
  return printed;
}

function spawnChat(baseURL: string, database: string, home: string) {
  return spawn(
    process.execPath,
    [join(root, 'dist/cli/main.js'), 'chat', '--model', 'openai:llama3.1', '--base-url', baseURL, '--db', database],
    { env: { PATH: process.env.PATH ?? '', HOME: home } },
  );
}

const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolveExit) => child.on('close', (code) => resolveExit(code)));

/** A model that streams a first piece of its first reply, then waits until it is aborted; later replies are whole. */
function stallingModel(): ChatModel & CompletionModel & { texts: string[] } {
  const texts: string[] = [];
  return {
    specificationVersion: 'v1',
    provider: 'stall',
    modelId: 'stall-1',
    texts,
    async chat({ request, signal, onText }) {
      const last = request.messages.at(-1);
      texts.push(typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content));
      if (texts.length === 1) {
        onText?.('Let me think');
        await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
      }
      onText?.('Done.');
      return { text: 'Done.', path: 'api' };
    },
    async complete() {
      return { text: '{}' };
    },
  };
}

/** A chat on an input the test writes to as it goes, with Ctrl-C as an event the test emits. */
function openChat(model: ChatModel & CompletionModel) {
  const input = new PassThrough();
  const output = new PassThrough();
  const interrupts = new EventEmitter();
  const printed = watch(output);
  const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
  const scope = { agentId: 'chat', userId: 'me' };
  const done = runChat({
    stack,
    model,
    scope,
    database: ':memory:',
    input,
    output,
    interrupts: (listener) => {
      interrupts.on('interrupt', listener);
      return () => interrupts.off('interrupt', listener);
    },
  });
  return { input, printed, stack, scope, done, interrupt: () => interrupts.emit('interrupt') };
}

/** What a stream printed so far, and a wait for a text to appear in it. */
function watch(stream: NodeJS.ReadableStream) {
  let text = '';
  const waiters: Array<{ wanted: string; resolve: () => void }> = [];
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of waiters.filter(({ wanted }) => text.includes(wanted))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    text: () => text,
    until: (wanted: string) =>
      text.includes(wanted) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ wanted, resolve })),
  };
}

describe('memstack chat', () => {
  it('streams replies, prints a status line, and answers the memory commands', async () => {
    const printed = await converse([
      '/help',
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
    expect(printed).toContain(
      'memstack chat · echo:echo-1 · /help lists the commands\n' +
        'database: :memory: (nothing is kept) · agent: chat · user: me · thread: t\nnew session\n',
    );
    for (const command of ['/help', '/pin', '/facts', '/forget', '/exit']) {
      expect(printed).toMatch(new RegExp(`^(you> )?${command} +\\S`, 'm'));
    }
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

  it('sends a pasted text, newlines and all, as one turn, and reads the other lines one by one', async () => {
    const model = stallingModel();
    model.texts.push('(no stall)'); // every reply whole
    const chat = openChat(model);
    const pasted = '  def deploy():\n      run("terraform apply")\n\nWhy does this fail?';
    chat.input.end(`First line.\n\u001b[200~${pasted}\u001b[201~\n/exit\n`);
    await chat.done;
    const turns = (await chat.stack.session(chat.scope)).turns;
    await chat.stack.close();
    expect(turns.filter((turn) => turn.role === 'user').map((turn) => turn.text)).toEqual(['First line.', pasted]);
    expect(chat.printed.text()).not.toContain('\u001b');
  });

  it('stops a reply on Ctrl-C, keeps nothing of it, and goes on with the next message', async () => {
    const model = stallingModel();
    const chat = openChat(model);
    chat.input.write('Plan the migration to Postgres 17.\n');
    await chat.printed.until('assistant> Let me think');
    chat.interrupt();
    await chat.printed.until('(reply stopped');
    chat.input.write('Just list the steps.\n');
    await chat.printed.until('Done.');
    chat.input.end('/exit\n');
    await chat.done;
    const turns = (await chat.stack.session(chat.scope)).turns;
    await chat.stack.close();
    expect(chat.printed.text()).toMatch(/assistant> Let me think\n\(reply stopped[^\n]*\)\nyou> /);
    expect(turns.map((turn) => turn.text)).toEqual(['Just list the steps.', 'Done.']);
    expect(model.texts).toHaveLength(2);
    expect(model.texts[1]).not.toContain('Postgres 17');
  });

  it('leaves on Ctrl-C at the prompt, and on a second Ctrl-C soon after a stopped reply', async () => {
    const atPrompt = openChat(stallingModel());
    await atPrompt.printed.until('you> ');
    atPrompt.interrupt();
    await atPrompt.done; // the input is still open: only Ctrl-C ended the chat
    await atPrompt.stack.close();

    const twice = openChat(stallingModel());
    twice.input.write('A long question.\n');
    await twice.printed.until('Let me think');
    twice.interrupt();
    twice.interrupt();
    await twice.done;
    await twice.stack.close();
    expect(twice.printed.text()).toContain('(reply stopped');
    expect(twice.printed.text()).not.toContain('Done.');
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

describe('memstack chat, the built bin against a local OpenAI-compatible server', {
  timeout: PROCESSES_TIMEOUT,
}, () => {
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
    expect(otherStdout).toContain('user: someone-else · private session (no --thread)\nnew session\n');
    expect(code).toBe(0);
    expect(stdout).toContain('memstack chat · openai-compatible:llama3.1 · /help lists the commands\n');
    expect(stdout).toContain(
      `database: ${join(directory, 'chat.db')} · agent: memstack-chat · user: me · private session (no --thread)\n` +
        'new session\n',
    );
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

  it('stops a stalled reply on SIGINT, goes on with the next line, and keeps nothing of the stopped turn', async () => {
    const server = await startOpenaiServer();
    server.reply(
      cutStreamReply({ model: 'llama3.1', deltas: ['Let me think', ' about it'], cut: 'hang' }),
      streamReply({ model: 'llama3.1', deltas: ['Dump, restore, ', 'switch over.'] }),
    );
    const directory = mkdtempSync(join(tmpdir(), 'memstack-chat-'));
    const database = join(directory, 'chat.db');
    const chat = spawnChat(server.baseURL, database, directory);
    const printed = watch(chat.stdout);
    chat.stdin.write('Plan our migration to Postgres 17.\n');
    await printed.until('assistant> Let me think about it');
    chat.kill('SIGINT');
    await printed.until('(reply stopped');
    chat.stdin.write('Just list the steps.\n');
    await printed.until('switch over.');
    chat.stdin.end('/exit\n');
    const code = await exitOf(chat);
    // The same user again, on the same file: the session goes on with the one turn that completed.
    const again = spawnChat(server.baseURL, database, directory);
    const resumed = watch(again.stdout);
    again.stdin.end('/exit\n');
    await exitOf(again);
    await server.close();
    rmSync(directory, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(printed.text()).toMatch(/assistant> Let me think about it\n\(reply stopped[^\n]*\)\nyou> /);
    expect(printed.text()).toContain('assistant> Dump, restore, switch over.\n[pinned: ');
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain('Postgres 17');
    expect(resumed.text()).toContain('resumed: 2 earlier turns\n');
  });
});
