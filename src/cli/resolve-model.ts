import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type ChatModel, type CompletionModel, ConfigError } from '../index.js';

export type CliModel = ChatModel & CompletionModel;

export interface ModelFlags {
  model?: string | undefined;
  baseUrl?: string | undefined;
}

const DEFAULT_ANTHROPIC_CHAT = 'claude-sonnet-5-5';

export const MODEL_HELP = `memstack chat needs a model. Give one of:
  --model anthropic:<model-id>                with ANTHROPIC_API_KEY set (or just set ANTHROPIC_API_KEY)
  --model claude-cli[:<model-id>]             with the claude CLI on PATH
  --model openai:<model-id> --base-url <url>  OpenAI, Ollama, vLLM or llama.cpp (OPENAI_API_KEY if the server needs one)
or set MEMSTACK_MODEL to one of those specs (and MEMSTACK_BASE_URL for the base URL).`;

/**
 * The chat model from the flags, then the environment: MEMSTACK_MODEL, then ANTHROPIC_API_KEY, then a `claude`
 * on PATH. Null when nothing is configured.
 */
export async function resolveChatModel(
  flags: ModelFlags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliModel | null> {
  const spec = flags.model ?? env.MEMSTACK_MODEL;
  if (spec) return modelFromSpec(spec, flags.baseUrl ?? env.MEMSTACK_BASE_URL, env);
  if (env.ANTHROPIC_API_KEY) return modelFromSpec(`anthropic:${DEFAULT_ANTHROPIC_CHAT}`, flags.baseUrl, env);
  if (onPath('claude', env)) return modelFromSpec('claude-cli', undefined, env);
  return null;
}

/**
 * A model from a spec such as `anthropic:claude-haiku-5-5`, `claude-cli`, `openai:llama3.1`. The adapter's entry is
 * imported only then: its SDK is an optional peer dependency, which a user of another model need not install.
 */
export async function modelFromSpec(
  spec: string,
  baseUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliModel> {
  const separator = spec.indexOf(':');
  const kind = separator < 0 ? spec : spec.slice(0, separator);
  const id = separator < 0 ? '' : spec.slice(separator + 1);
  switch (kind) {
    case 'anthropic': {
      if (!id) throw new ConfigError('INVALID_CONFIG', 'anthropic needs a model id: --model anthropic:<model-id>');
      if (!env.ANTHROPIC_API_KEY)
        throw new ConfigError('INVALID_CONFIG', 'anthropic:<model-id> needs ANTHROPIC_API_KEY');
      const { anthropicModel } = await importEntry(() => import('../anthropic.js'), '@anthropic-ai/sdk');
      return anthropicModel({ model: id, apiKey: env.ANTHROPIC_API_KEY, ...(baseUrl ? { baseURL: baseUrl } : {}) });
    }
    case 'claude-cli': {
      const command = env.MEMSTACK_CLAUDE_COMMAND ?? 'claude';
      if (!onPath(command, env))
        throw new ConfigError('INVALID_CONFIG', `claude-cli needs the "${command}" command on PATH`);
      const { claudeCliModel } = await import('../claude-cli.js');
      return claudeCliModel({ command, ...(id ? { model: id } : {}) });
    }
    case 'openai': {
      if (!id) throw new ConfigError('INVALID_CONFIG', 'openai needs a model id: --model openai:<model-id>');
      const baseURL = baseUrl ?? env.OPENAI_BASE_URL;
      if (!baseURL)
        throw new ConfigError('INVALID_CONFIG', 'openai:<model-id> needs --base-url <url> (or OPENAI_BASE_URL)');
      const { openaiCompatibleModel } = await importEntry(() => import('../openai-compatible.js'), 'openai');
      return openaiCompatibleModel({
        model: id,
        baseURL,
        ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
      });
    }
    default: {
      // A bare model name ("gpt-4.1") says which model, not where: name the specs that would take it.
      const instead = separator < 0 ? `: write anthropic:${spec}, or openai:${spec} with --base-url <url>` : '';
      throw new ConfigError('INVALID_CONFIG', `unknown model "${spec}"${instead}\n${MODEL_HELP}`);
    }
  }
}

/** An entry's module, or a ConfigError naming the peer dependency to install when it is missing. */
async function importEntry<T>(load: () => Promise<T>, peer: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(error).includes(peer)) {
      throw new ConfigError('INVALID_CONFIG', `this model needs the package ${peer}: npm i ${peer}`);
    }
    throw error;
  }
}

/** True when `command` is a path to an executable file, or an executable on PATH. */
export function onPath(command: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const candidates = command.includes('/')
    ? [command]
    : (env.PATH ?? '').split(delimiter).map((directory) => join(directory, command));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
