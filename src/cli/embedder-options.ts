import { type Command, InvalidArgumentError } from 'commander';
import type { Embedder } from '../index.js';
import { openaiCompatibleEmbedder } from '../openai-compatible.js';

/** The flags that name an embedding server and model. */
export interface EmbedderFlags {
  embedBaseUrl?: string | undefined;
  embedModel?: string | undefined;
  embedKeyEnv?: string | undefined;
}

/**
 * Adds `--embed-base-url`, `--embed-model` and `--embed-key-env` to a command: required (`memstack embed`), or
 * optional, both or neither (`worker`, `serve`: vectors beside full-text search, decision 22).
 */
export function addEmbedderOptions(command: Command, required: boolean): Command {
  const baseUrl = [
    '--embed-base-url <url>',
    'a server speaking /v1/embeddings (OpenAI, Ollama, vLLM, llama.cpp), e.g. http://localhost:11434/v1',
  ] as const;
  const model = ['--embed-model <model>', 'the embedding model: the one the application ranks with'] as const;
  (required
    ? command.requiredOption(...baseUrl).requiredOption(...model)
    : command.option(...baseUrl).option(...model)
  ).option(
    '--embed-key-env <name>',
    'the environment variable holding the API key (default: OPENAI_API_KEY, for api.openai.com only)',
  );
  return command;
}

/** The embedder the flags name; undefined when they name none (both flags absent). */
export function embedderFromFlags(flags: EmbedderFlags): Embedder | undefined {
  const { embedBaseUrl, embedModel, embedKeyEnv } = flags;
  if (embedBaseUrl === undefined && embedModel === undefined) {
    if (embedKeyEnv !== undefined) throw new InvalidArgumentError('--embed-key-env needs --embed-base-url');
    return undefined;
  }
  if (embedBaseUrl === undefined || embedModel === undefined) {
    throw new InvalidArgumentError('--embed-base-url and --embed-model go together');
  }
  if (!/^https?:\/\//.test(embedBaseUrl)) {
    throw new InvalidArgumentError(`--embed-base-url needs a scheme: write http://${embedBaseUrl}`);
  }
  let apiKey: string | undefined;
  if (embedKeyEnv !== undefined) {
    apiKey = process.env[embedKeyEnv]?.trim();
    if (!apiKey) throw new InvalidArgumentError(`--embed-key-env: ${embedKeyEnv} is not set`);
  }
  return openaiCompatibleEmbedder({ baseURL: embedBaseUrl, model: embedModel, ...(apiKey ? { apiKey } : {}) });
}
