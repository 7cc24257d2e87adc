import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Usage figures as the CLI reports them in a `result` event. */
export interface FakeClaudeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/**
 * What one invocation of the fake does, in the order the invocations come.
 * - `reply`: `system`/`init`, one `assistant` event per chunk, a `success` result with the joined text and the
 *   usage, exit 0. `extraLines` are written raw after the init event (garbage, unknown events). In resume mode the
 *   init event carries a throwaway session id, as the real CLI's sometimes does.
 * - `not-found`: what the CLI does for `--resume` of an unknown id: the message on stderr, an error result, exit 1.
 * - `invalid-session`: the CLI refusing the id (by default its "--resume requires a valid session ID" message).
 * - `error-result`: init, the synthetic assistant message the CLI writes for an API error, a `success` result with
 *   `is_error: true` and that text ("Not logged in · Please run /login" by default), exit 1 unless `exitCode` says.
 * - `lines`: exactly these stdout lines, then `stderr`, then exit `exitCode` (default 0).
 * - `hang`: init, then nothing, forever, ignoring SIGTERM; with `grandchild`, a child process in its group too,
 *   whose pid goes to `grandchildPidFile`.
 */
export type FakeClaudeBehaviour =
  | { kind: 'reply'; text: string | string[]; usage?: FakeClaudeUsage; extraLines?: string[] }
  | { kind: 'not-found' }
  | { kind: 'invalid-session'; message?: string }
  | { kind: 'error-result'; text?: string; exitCode?: number; apiErrorStatus?: number; error?: string }
  | { kind: 'lines'; lines: string[]; stderr?: string; exitCode?: number }
  | { kind: 'hang'; grandchild?: boolean };

/** What one invocation received. */
export interface FakeClaudeInvocation {
  argv: string[];
  stdin: string;
  cwd: string;
  configDir: string | null;
}

export interface FakeClaude {
  /** The executable, to pass as `command`. */
  command: string;
  /** A temp dir of the fake's own, usable as a cwd or config dir in tests. */
  directory: string;
  /** Where a `hang` with `grandchild` writes its child's pid. */
  grandchildPidFile: string;
  /** Replaces the queue of behaviours; an invocation with none left exits 97 with a message on stderr. */
  script(...behaviours: FakeClaudeBehaviour[]): void;
  /** Every invocation so far, in order. */
  invocations(): FakeClaudeInvocation[];
  /** Behaviours not used yet. */
  remaining(): number;
  remove(): void;
}

export const DEFAULT_FAKE_USAGE: FakeClaudeUsage = {
  input_tokens: 12,
  output_tokens: 34,
  cache_creation_input_tokens: 1500,
  cache_read_input_tokens: 9000,
};

/**
 * Writes a fake `claude` (a Node script with a `#!/usr/bin/env node` shebang, mode 755) into a new temp dir. Each
 * run records its argv, stdin, cwd and `CLAUDE_CONFIG_DIR` in a JSON-lines log, then does the next scripted
 * behaviour, writing stream-json shaped like claude-code 2.1's.
 */
export function createFakeClaude(): FakeClaude {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-fake-claude-'));
  const command = join(directory, 'claude');
  const queueFile = join(directory, 'behaviours.json');
  const logFile = join(directory, 'invocations.jsonl');
  const grandchildPidFile = join(directory, 'grandchild.pid');
  // The script is CommonJS whatever a package.json above the temp dir says.
  writeFileSync(join(directory, 'package.json'), '{"type":"commonjs"}\n');
  writeFileSync(queueFile, '[]');
  writeFileSync(command, fakeScript({ queueFile, logFile, grandchildPidFile, defaultUsage: DEFAULT_FAKE_USAGE }));
  chmodSync(command, 0o755);

  return {
    command,
    directory,
    grandchildPidFile,
    script(...behaviours) {
      writeFileSync(`${queueFile}.next`, JSON.stringify(behaviours));
      renameSync(`${queueFile}.next`, queueFile);
    },
    invocations() {
      if (!existsSync(logFile)) return [];
      return readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as FakeClaudeInvocation);
    },
    remaining() {
      return (JSON.parse(readFileSync(queueFile, 'utf8')) as unknown[]).length;
    },
    remove() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function fakeScript(paths: {
  queueFile: string;
  logFile: string;
  grandchildPidFile: string;
  defaultUsage: FakeClaudeUsage;
}): string {
  return `#!/usr/bin/env node
'use strict';
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { randomUUID } = require('node:crypto');

const QUEUE = ${JSON.stringify(paths.queueFile)};
const LOG = ${JSON.stringify(paths.logFile)};
const GRANDCHILD_PID = ${JSON.stringify(paths.grandchildPidFile)};
const DEFAULT_USAGE = ${JSON.stringify(paths.defaultUsage)};
const MODEL = 'claude-sonnet-4-5-20250929';

let stdin = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { stdin += chunk; });
process.stdin.on('end', main);

function emit(event) {
  process.stdout.write(JSON.stringify(event) + '\\n');
}

function flagValue(argv, flag) {
  const index = argv.indexOf(flag);
  return index >= 0 ? argv[index + 1] : undefined;
}

function init(sessionId) {
  emit({
    type: 'system', subtype: 'init', cwd: process.cwd(), session_id: sessionId, tools: [], mcp_servers: [],
    model: MODEL, permissionMode: 'default', slash_commands: [], apiKeySource: 'none',
    claude_code_version: '2.1.197', output_style: 'default', agents: [], skills: [], plugins: [], uuid: randomUUID(),
  });
}

function assistant(sessionId, text, extra) {
  emit(Object.assign({
    type: 'assistant',
    message: {
      id: 'msg_' + randomUUID().replace(/-/g, ''), type: 'message', role: 'assistant', model: MODEL,
      content: [{ type: 'text', text }], stop_reason: null, stop_sequence: null,
      usage: { input_tokens: 3, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      container: null, context_management: null,
    },
    parent_tool_use_id: null, session_id: sessionId, uuid: randomUUID(),
  }, extra || {}));
}

function result(sessionId, fields) {
  emit(Object.assign({
    type: 'result', subtype: 'success', is_error: false, duration_ms: 1234, duration_api_ms: 1100, num_turns: 1,
    stop_reason: 'end_turn', session_id: sessionId, total_cost_usd: 0.0123,
    usage: Object.assign({}, DEFAULT_USAGE, {
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 }, service_tier: 'standard',
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: DEFAULT_USAGE.cache_creation_input_tokens },
    }),
    modelUsage: {}, permission_denials: [], uuid: randomUUID(),
  }, fields));
}

function errorDuringExecution(message) {
  process.stderr.write(message + '\\n');
  result(randomUUID(), {
    subtype: 'error_during_execution', is_error: true, duration_ms: 0, duration_api_ms: 0, num_turns: 0,
    stop_reason: null, total_cost_usd: 0, errors: [message],
    usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  });
  process.exitCode = 1;
}

function main() {
  const argv = process.argv.slice(2);
  fs.appendFileSync(LOG, JSON.stringify({
    argv, stdin, cwd: process.cwd(), configDir: process.env.CLAUDE_CONFIG_DIR === undefined ? null : process.env.CLAUDE_CONFIG_DIR,
  }) + '\\n');
  const queue = JSON.parse(fs.readFileSync(QUEUE, 'utf8'));
  const behaviour = queue.shift();
  // Written aside and renamed, so a test polling remaining() never reads a half-written file.
  fs.writeFileSync(QUEUE + '.next', JSON.stringify(queue));
  fs.renameSync(QUEUE + '.next', QUEUE);
  if (!behaviour) {
    process.stderr.write('fake-claude: no scripted behaviour left\\n');
    process.exit(97);
  }
  const resumed = flagValue(argv, '--resume');
  const sessionId = resumed !== undefined ? randomUUID() : (flagValue(argv, '--session-id') || randomUUID());

  switch (behaviour.kind) {
    case 'reply': {
      const chunks = Array.isArray(behaviour.text) ? behaviour.text : [behaviour.text];
      init(sessionId);
      for (const line of behaviour.extraLines || []) process.stdout.write(line + '\\n');
      for (const chunk of chunks) assistant(sessionId, chunk);
      result(sessionId, {
        result: chunks.join(''),
        usage: Object.assign({}, behaviour.usage || DEFAULT_USAGE, { service_tier: 'standard' }),
      });
      return;
    }
    case 'not-found':
      errorDuringExecution('No conversation found with session ID: ' + resumed);
      return;
    case 'invalid-session':
      errorDuringExecution(behaviour.message || 'Error: --resume requires a valid session ID or session title when used with --print. Usage: claude -p --resume <session-id|title>. Provided value "' + resumed + '" is not a UUID and does not match any session title.');
      return;
    case 'error-result': {
      const text = behaviour.text || 'Not logged in · Please run /login';
      init(sessionId);
      assistant(sessionId, text, { error: behaviour.error || 'authentication_failed' });
      result(sessionId, {
        is_error: true, result: text, num_turns: 0, total_cost_usd: 0,
        api_error_status: behaviour.apiErrorStatus === undefined ? null : behaviour.apiErrorStatus,
        usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      });
      process.exitCode = behaviour.exitCode === undefined ? 1 : behaviour.exitCode;
      return;
    }
    case 'lines':
      for (const line of behaviour.lines) process.stdout.write(line + '\\n');
      if (behaviour.stderr) process.stderr.write(behaviour.stderr);
      process.exitCode = behaviour.exitCode === undefined ? 0 : behaviour.exitCode;
      return;
    case 'hang':
      init(sessionId);
      process.on('SIGTERM', () => {});
      if (behaviour.grandchild) {
        const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
        fs.writeFileSync(GRANDCHILD_PID, String(child.pid));
      }
      setInterval(() => {}, 1000);
      return;
    default:
      process.stderr.write('fake-claude: unknown behaviour ' + JSON.stringify(behaviour) + '\\n');
      process.exit(98);
  }
}
`;
}
