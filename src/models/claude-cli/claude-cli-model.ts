import { resolve } from 'node:path';
import { z } from 'zod';
import { generationUuid } from '../../core/scope/derive-session-handle.js';
import { checkOptions } from '../../core/validation/check-options.js';
import type { ChatModel, ChatRequest, ChatResult } from '../../spec/chat-model.js';
import type { CompletionModel } from '../../spec/completion-model.js';
import { ConfigError } from '../../spec/errors/config-error.js';
import { buildClaudeCliArgs } from './build-claude-cli-args.js';
import { type ClaudeCliCall, type ClaudeCliCallResult, callClaudeCli } from './call-claude-cli.js';
import { convertToClaudeCliPrompt } from './convert-to-claude-cli-prompt.js';
import { mapClaudeCliError } from './map-claude-cli-error.js';
import { type ClaudeCliState, parseClaudeCliState } from './parse-claude-cli-state.js';

export interface ClaudeCliModelOptions {
  /** The CLI to run: a name on PATH or a path. Default `claude`. */
  command?: string;
  /** `--model` for chat turns (an alias such as `sonnet`, or a full name). Default: the CLI's own choice. */
  model?: string;
  /** The working directory of new sessions. Default: this process's. */
  cwd?: string;
  /** `CLAUDE_CONFIG_DIR` of new sessions. Default: the environment's, else the CLI's default. */
  configDir?: string;
  /** More flags for every run, after memstack's (e.g. `--permission-mode`, `--settings`). */
  extraArgs?: string[];
  /** Time limit of one chat run, in ms (a turn that falls back makes two runs). Default 120 000. */
  timeoutMs?: number;
  /** Time limit of one extraction run (`complete`), in ms. Default 60 000. */
  extractionTimeoutMs?: number;
  /** `--model` for extraction, a small one. Default: `model`. */
  extractionModel?: string;
  /** The environment of the CLI. Default: `process.env`. */
  env?: NodeJS.ProcessEnv;
}

export const DEFAULT_CLAUDE_CLI_TIMEOUT_MS = 120_000;
export const DEFAULT_CLAUDE_CLI_EXTRACTION_TIMEOUT_MS = 60_000;

/**
 * The Claude Code CLI (`claude -p --output-format stream-json --verbose`, prompt on stdin) as a memstack model.
 *
 * `chat` keeps one CLI session per conversation handle. Its first turn starts it with `--session-id <uuid>` (the
 * history in the prompt if the conversation has one); later turns `--resume <uuid>` and send only the new, recapped
 * message, in the cwd and config dir the session was created in. If a run fails in any way (no such conversation, an
 * id refused, an error result, a stream it cannot read, a non-zero exit, a timeout), the same turn is answered by a
 * fresh run with the history in the prompt that saves nothing (`--no-session-persistence`), and the next turn starts
 * the next generation of the handle. `complete` is the lightweight extraction run: one turn, no tools, nothing saved.
 * An `is_error` result is always a failure, never reply text. Failures are `ModelCallError`s.
 *
 * The CLI has no flag for an output-token limit, so `maxTokens` is not passed on. Text that a run streamed to
 * `onText` before failing mid-reply (a timeout, a crash) is not taken back when the fallback streams its own; a run
 * is stopped at the first line it cannot read, so nothing after such a line is streamed.
 */
const optionsSchema = z
  .looseObject({
    command: z.string().optional(),
    model: z.string().optional(),
    cwd: z.string().optional(),
    configDir: z.string().optional(),
    extraArgs: z.array(z.string()).optional(),
    timeoutMs: z.number().optional(),
    extractionTimeoutMs: z.number().optional(),
    extractionModel: z.string().optional(),
    env: z.record(z.string(), z.string().optional()).optional(),
  })
  .optional();

export function claudeCliModel(options: ClaudeCliModelOptions = {}): ChatModel & CompletionModel {
  checkOptions(optionsSchema, options, 'claudeCliModel');
  const command = options.command ?? 'claude';
  if (command.trim() === '') throw new ConfigError('INVALID_CONFIG', 'claudeCliModel command must not be empty');
  const timeoutMs = positiveTimeout(options.timeoutMs, DEFAULT_CLAUDE_CLI_TIMEOUT_MS, 'timeoutMs');
  const extractionTimeoutMs = positiveTimeout(
    options.extractionTimeoutMs,
    DEFAULT_CLAUDE_CLI_EXTRACTION_TIMEOUT_MS,
    'extractionTimeoutMs',
  );
  const baseEnv = options.env ?? process.env;
  const extraArgs = [...(options.extraArgs ?? [])];
  const extractionModel = options.extractionModel ?? options.model;
  // Resolved once: a handle must find its transcripts again even if this process changes directory later.
  const home = {
    cwd: resolve(options.cwd ?? process.cwd()),
    configDir: optionalPath(options.configDir ?? baseEnv.CLAUDE_CONFIG_DIR),
  };

  const run = (
    call: Pick<ClaudeCliCall, 'args' | 'input' | 'signal' | 'onText' | 'timeoutMs'>,
    place: { cwd: string; configDir: string | null },
  ): Promise<ClaudeCliCallResult> =>
    callClaudeCli({ ...call, command, cwd: place.cwd, env: environment(baseEnv, place.configDir) });

  return {
    specificationVersion: 'v1',
    provider: 'claude-cli',
    modelId: options.model ?? 'default',

    async chat(request: ChatRequest): Promise<ChatResult> {
      const prompt = convertToClaudeCliPrompt(request.request);
      const historyVersion = request.historyVersion ?? 0;
      let state = parseClaudeCliState(request.state);
      if (state?.started === true && state.historyVersion !== historyVersion) {
        // The stack compressed the history: the transcript still holds the summarised turns. The next generation
        // starts from the summary (in the system prompt) and the kept turns.
        state = { ...state, generation: state.generation + 1, started: false };
      }
      const generation = state?.generation ?? 0;
      const uuid = generationUuid(request.session.uuid, generation);
      const common = { signal: request.signal, onText: request.onText, timeoutMs };
      const argsOf = (kind: 'new-handle' | 'resume' | 'fallback') =>
        buildClaudeCliArgs(kind === 'fallback' ? { kind } : { kind, uuid }, {
          model: options.model,
          system: prompt.system,
          extraArgs,
        });

      // A started handle runs where it was created, whatever the options say now.
      const first =
        state?.started === true
          ? await run({ ...common, args: argsOf('resume'), input: prompt.current }, state)
          : await run({ ...common, args: argsOf('new-handle'), input: prompt.withHistory }, home);
      if (first.ok) {
        if (state?.started === true) return { text: first.text, usage: first.usage, path: 'resumed', state };
        const started: ClaudeCliState = { generation, started: true, ...home, historyVersion };
        return { text: first.text, usage: first.usage, path: 'new-handle', state: started };
      }
      const attempt = `claude CLI ${state?.started === true ? 'resuming' : 'starting'} session ${uuid}`;
      if (first.failure.kind === 'aborted') throw mapClaudeCliError(first.failure, { attempt });

      // The session under this uuid is unusable (or may hold a half-written turn): answer from the history, and
      // let the next turn start the next generation, whose uuid no transcript has used.
      const fallback = await run({ ...common, args: argsOf('fallback'), input: prompt.withHistory }, home);
      if (!fallback.ok) {
        throw mapClaudeCliError(fallback.failure, {
          attempt: 'claude CLI fallback with the history in the prompt',
          earlier: { attempt, failure: first.failure },
        });
      }
      const next: ClaudeCliState = { generation: generation + 1, started: false, ...home, historyVersion };
      return { text: fallback.text, usage: fallback.usage, path: 'fallback-history', state: next };
    },

    async complete({ system, prompt, signal }) {
      const args = buildClaudeCliArgs(
        { kind: 'extraction' },
        { model: extractionModel, system: system ?? '', extraArgs },
      );
      const result = await run({ args, input: prompt, signal, timeoutMs: extractionTimeoutMs }, home);
      if (!result.ok) throw mapClaudeCliError(result.failure, { attempt: 'claude CLI extraction' });
      return { text: result.text, usage: result.usage };
    },
  };
}

function positiveTimeout(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && value > 0)) {
    throw new ConfigError('INVALID_CONFIG', `claudeCliModel ${name} must be a positive number of ms, not ${value}`);
  }
  return value;
}

function optionalPath(path: string | undefined): string | null {
  return path === undefined || path === '' ? null : resolve(path);
}

/** The CLI's environment with the handle's config dir: set, or removed so that the CLI uses its default. */
function environment(base: NodeJS.ProcessEnv, configDir: string | null): NodeJS.ProcessEnv {
  const env = { ...base };
  if (configDir === null) delete env.CLAUDE_CONFIG_DIR;
  else env.CLAUDE_CONFIG_DIR = configDir;
  return env;
}
