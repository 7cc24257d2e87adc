#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { createMemoryStack, heuristicExtractor, llmExtractor, MemstackError, type PromptLayout } from '../index.js';
import { registerEmbedCommand } from './embed-command.js';
import { addEmbedderOptions, type EmbedderFlags, embedderFromFlags } from './embedder-options.js';
import { formatReplaySummary, formatReplayTurn } from './format-replay.js';
import { logJobs } from './log-jobs.js';
import { registerMcpCommand } from './mcp-command.js';
import { addMemoryCommands, openTool } from './memory-commands.js';
import { registerMigrateCommand } from './migrate-command.js';
import { describeDatabase, openStore } from './open-store.js';
import { parseId } from './parse-id.js';
import { parseSeconds } from './parse-seconds.js';
import { progressBar } from './progress-bar.js';
import { readConversation } from './read-conversation.js';
import { MODEL_HELP, modelFromSpec, resolveChatModel } from './resolve-model.js';
import { runChat } from './run-chat.js';
import { runReplay } from './run-replay.js';

const DEFAULT_SYSTEM_PROMPT = 'You are a helpful software engineering assistant.';

// The package's own manifest, two folders up from src/cli/ and from dist/cli/ alike.
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const program = new Command()
  .name('memstack')
  .version(manifest.version, '-v, --version', 'print the version')
  .description('Cheap, reliable memory for LLM agents: pinned task, recap and key facts on SQLite.')
  .showHelpAfterError();

program
  .command('replay')
  .description('replay a JSONL conversation through memstack (heuristic extractor) and show the memory each turn')
  .argument('<conversation>', 'a .jsonl file: one {"role":"user"|"assistant","text":...} per line')
  .option('--db <path>', 'SQLite file to use (default: in memory)', ':memory:')
  .option('--layout <layout>', "prompt layout: 'cache-aware' or 'seed'", parseLayout, 'cache-aware')
  .option('--system-prompt <text>', 'the agent system prompt', DEFAULT_SYSTEM_PROMPT)
  .option('--json', 'print one JSON object instead of the report')
  .action(
    async (
      conversation: string,
      options: { db: string; layout: PromptLayout; systemPrompt: string; json?: boolean },
    ) => {
      const lines = await readConversation(conversation);
      const bar = progressBar('replay', lines.filter((line) => line.role === 'user').length);
      const result = await runReplay(lines, {
        db: options.db,
        layout: options.layout,
        systemPrompt: options.systemPrompt,
        // The report prints each turn; with --json, a terminal shows a progress bar instead (on stderr).
        onTurn: options.json ? (turn) => bar.update(turn.turn) : (turn) => console.log(`${formatReplayTurn(turn)}\n`),
      });
      bar.finish();
      console.log(options.json ? JSON.stringify(result) : formatReplaySummary(result));
    },
  );

program
  .command('chat')
  .description(
    'chat in the terminal with memory (SQLite), through the Anthropic API, the Claude CLI or an OpenAI-compatible server',
  )
  .option(
    '--model <spec>',
    'anthropic:<id> | claude-cli[:<id>] | openai:<id> (default: MEMSTACK_MODEL, ANTHROPIC_API_KEY, or claude on PATH)',
  )
  .option('--base-url <url>', 'the server of an openai:<id> (or anthropic:<id>) model')
  .option(
    '--extract-model <spec>',
    'a cheap model for extraction, same specs (default: the offline heuristic extractor)',
  )
  .option('--db <path-or-url>', 'SQLite file, or a postgres:// or libSQL URL', '.memstack/chat.db')
  .option('--agent <id>', 'agent id', parseId('--agent'), 'memstack-chat')
  .option(
    '--user <id>',
    'who is chatting: their facts, and their own private session unless --thread',
    parseId('--user'),
    // An empty $USER is no user either.
    process.env.USER || 'me',
  )
  .option(
    '--thread <id>',
    'a thread shared by every --user who names it (default: each user has a private session of their own)',
    parseId('--thread'),
  )
  .option('--layout <layout>', "prompt layout: 'cache-aware' or 'seed'", parseLayout, 'cache-aware')
  .option('--system-prompt <text>', 'the agent system prompt', 'You are a helpful assistant.')
  .action(async (options: ChatFlags) => {
    const model = await resolveChatModel({ model: options.model, baseUrl: options.baseUrl });
    if (!model) {
      console.error(MODEL_HELP);
      process.exitCode = 2;
      return;
    }
    const extractor = options.extractModel
      ? llmExtractor({ model: await modelFromSpec(options.extractModel, options.baseUrl) })
      : heuristicExtractor();
    const stack = createMemoryStack({
      store: await openStore(options.db),
      extractor,
      layout: options.layout,
      systemPrompt: options.systemPrompt,
    });
    try {
      await runChat({
        stack,
        model,
        scope: {
          agentId: options.agent,
          userId: options.user,
          ...(options.thread === undefined ? {} : { threadId: options.thread }),
        },
        database: options.db === ':memory:' ? options.db : resolve(options.db),
        input: process.stdin,
        output: process.stdout,
        // Ctrl-C on a pipe (and a `kill -INT`) stops the reply, or leaves at the prompt, instead of killing the chat.
        interrupts: (listener) => {
          process.on('SIGINT', listener);
          return () => process.off('SIGINT', listener);
        },
      });
    } finally {
      await stack.close();
    }
  });

addEmbedderOptions(
  program
    .command('serve')
    .description(
      'run the memory proxy: POST /v1/messages (Anthropic) and /v1/chat/completions (OpenAI), with memory; MCP at /mcp',
    )
    .option('--port <port>', 'port to listen on', parsePort, 8787)
    .option('--host <address>', 'address to bind (anything but loopback needs --token)', '127.0.0.1')
    .option(
      '--db <path-or-url>',
      'SQLite file, or a postgres:// or libSQL URL (several proxies may share one)',
      '.memstack/proxy.db',
    )
    .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)')
    .option('--token <token>', 'required of every request in x-memstack-token (default: $MEMSTACK_PROXY_TOKEN)')
    .option(
      '--allow-origin <origin>',
      'a web page origin allowed to call /v1/ from a browser (repeat for more; none by default)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--agent <id>', 'agent id of requests that name none', parseId('--agent'), 'proxy')
    .option('--anthropic-base-url <url>', 'Anthropic upstream', 'https://api.anthropic.com')
    .option('--openai-base-url <url>', 'OpenAI upstream', 'https://api.openai.com')
    .option(
      '--upstream-timeout <seconds>',
      'longest wait on the upstream, for its headers and between bytes (600)',
      parseSeconds,
    )
    .option('--extract-model <spec>', 'a cheap model for extraction (default: the offline heuristic extractor)'),
).action(async (options: ServeFlags) => {
  const { startMemoryProxy } = await import('../server.js');
  // With an embedder, prepare fuses vector and full-text rankings, and each exchange gets its vectors.
  const embedder = embedderFromFlags(options);
  const extractor = options.extractModel
    ? llmExtractor({ model: await modelFromSpec(options.extractModel, undefined) })
    : heuristicExtractor();
  const stack = createMemoryStack({
    store: await openStore(options.db, { schema: options.schema }),
    extractor,
    ...(embedder ? { embedder } : {}),
  });
  // MCP at /mcp when its SDK (an optional peer) is installed.
  const mcp = await import('../mcp.js').then(
    ({ createMcpHttpHandler }) => createMcpHttpHandler({ stack, version: manifest.version }),
    (error: unknown) => {
      console.error(`memstack: no MCP at /mcp (install @modelcontextprotocol/sdk): ${String(error)}`);
      return undefined;
    },
  );
  const proxy = await startMemoryProxy({
    mcp,
    stack,
    port: options.port,
    host: options.host,
    token: options.token ?? (process.env.MEMSTACK_PROXY_TOKEN || undefined),
    allowOrigins: options.allowOrigin,
    agentId: options.agent,
    anthropicBaseUrl: checkUrl(options.anthropicBaseUrl, '--anthropic-base-url'),
    openaiBaseUrl: checkUrl(options.openaiBaseUrl, '--openai-base-url'),
    upstreamTimeoutMs: options.upstreamTimeout,
    // A memory failure (the request went on without memory) or an inspector call that failed: the error says which.
    onError: (error) => console.error(`memstack: ${String(error)}`),
  }).catch(async (error: unknown) => {
    await mcp?.close();
    await stack.close();
    throw error;
  });
  console.log(
    `memstack proxy on ${proxy.url} (database ${describeDatabase(options.db)}); inspector on ${proxy.url}/inspect/`,
  );
  const stop = async (): Promise<void> => {
    await proxy.close();
    await stack.close();
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
});

program
  .command('inspect')
  .description('serve the inspector page alone (no proxy) on an existing database, running none of its jobs')
  .requiredOption('--db <path-or-url>', 'the SQLite file, or a postgres:// or libSQL URL')
  .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)')
  .option('--port <port>', 'port to listen on', parsePort, 8787)
  .option('--host <address>', 'address to bind (anything but loopback needs --token)', '127.0.0.1')
  .option('--token <token>', 'required of every API call in x-memstack-token (default: $MEMSTACK_PROXY_TOKEN)')
  .action(async (options: { db: string; schema?: string; port: number; host: string; token?: string }) => {
    const { startInspector } = await import('../server.js');
    // The application's workers run its jobs, with its extractor.
    const stack = await openTool(options);
    const inspector = await startInspector({
      stack,
      port: options.port,
      host: options.host,
      token: options.token ?? (process.env.MEMSTACK_PROXY_TOKEN || undefined),
      onError: (error) => console.error(`memstack: inspector request failed: ${String(error)}`),
    }).catch(async (error: unknown) => {
      await stack.close();
      throw error;
    });
    console.log(`memstack inspector on ${inspector.pageUrl} (database ${describeDatabase(options.db)})`);
    const stop = async (): Promise<void> => {
      await inspector.close();
      await stack.close();
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });

addEmbedderOptions(
  program
    .command('worker')
    .description("run a store's background jobs (extractions, purges) and nothing else, until SIGINT or SIGTERM")
    .requiredOption('--db <path-or-url>', 'a SQLite file, or a postgres:// or libSQL URL')
    .option('--schema <name>', 'the Postgres schema (with a postgres:// --db)')
    .option('--extract-model <spec>', 'a cheap model for extraction (default: the offline heuristic extractor)'),
).action(async (options: { db: string; schema?: string; extractModel?: string } & EmbedderFlags) => {
  // With an embedder, the exchanges it extracts get their vectors too (decision 22).
  const embedder = embedderFromFlags(options);
  const extractor = options.extractModel
    ? llmExtractor({ model: await modelFromSpec(options.extractModel, undefined) })
    : heuristicExtractor();
  const store = await openStore(options.db, { schema: options.schema });
  if (store.jobs === undefined) {
    await store.close();
    throw new Error(`${options.db} keeps no jobs for a worker (an in-memory database runs its own)`);
  }
  const jobs = logJobs(store.jobs, (line) => console.log(line));
  const stack = createMemoryStack({ store: { ...store, jobs }, extractor, ...(embedder ? { embedder } : {}) });
  console.log(`memstack worker on ${describeDatabase(options.db)}${embedder ? ` (vectors: ${embedder.model})` : ''}`);
  // The queue's poll timer does not hold a process open: this does, until a signal.
  const keepAlive = setInterval(() => {}, 60_000);
  const stop = async (): Promise<void> => {
    // No new job; the ones held finish, then the store closes.
    clearInterval(keepAlive);
    jobs.stop();
    await stack.close();
    console.log('memstack worker stopped');
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
});

addMemoryCommands(program);
registerMigrateCommand(program);
registerEmbedCommand(program);
registerMcpCommand(program, manifest.version);

interface ServeFlags extends EmbedderFlags {
  port: number;
  host: string;
  db: string;
  schema?: string;
  token?: string;
  allowOrigin: string[];
  agent: string;
  anthropicBaseUrl: string;
  openaiBaseUrl: string;
  /** Milliseconds (given in seconds); the proxy's default (600 s) when absent. */
  upstreamTimeout?: number;
  extractModel?: string;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidArgumentError('a port is 0-65535');
  return port;
}

function checkUrl(value: string, flag: string): string {
  if (!/^https?:\/\//.test(value)) {
    throw new InvalidArgumentError(`${flag} needs a scheme: write http://${value} or https://${value}`);
  }
  return value;
}

interface ChatFlags {
  model?: string;
  baseUrl?: string;
  extractModel?: string;
  db: string;
  agent: string;
  user: string;
  thread?: string;
  layout: PromptLayout;
  systemPrompt: string;
}

function parseLayout(value: string): PromptLayout {
  if (value !== 'cache-aware' && value !== 'seed') throw new InvalidArgumentError("use 'cache-aware' or 'seed'");
  return value;
}

program.parseAsync(process.argv).catch((error: unknown) => {
  const message = MemstackError.isInstance(error) ? `${error.message} [${error.code}]` : String(error);
  console.error(`memstack: ${message}`);
  process.exitCode = 1;
});
