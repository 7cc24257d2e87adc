import { type Command, InvalidArgumentError } from 'commander';
import type { Embedder } from '../index.js';
import { offlineEnglishEmbedder } from '../offline-embedder.js';
import { openaiCompatibleEmbedder } from '../openai-compatible.js';

/** The flags that name an embedder: a server and model, or the offline English model. */
export interface EmbedderFlags {
  embedBaseUrl?: string | undefined;
  embedModel?: string | undefined;
  embedKeyEnv?: string | undefined;
  embedLanguages?: string | undefined;
  embedOffline?: boolean | undefined;
}

/**
 * Adds the embedder's flags to a command: `--embed-base-url` with `--embed-model` (and `--embed-key-env`,
 * `--embed-languages`), or `--embed-offline`. One of them is required where the command needs an embedder
 * (`memstack embed`, checked by `embedderFromFlags`); elsewhere all are optional (`worker`, `serve`: vectors
 * beside full-text search, decision 22).
 */
export function addEmbedderOptions(command: Command): Command {
  return command
    .option(
      '--embed-base-url <url>',
      'a server speaking /v1/embeddings (OpenAI, Ollama, vLLM, llama.cpp), e.g. http://localhost:11434/v1',
    )
    .option('--embed-model <model>', 'the embedding model: the one the application ranks with')
    .option(
      '--embed-key-env <name>',
      'the environment variable holding the API key (default: OPENAI_API_KEY, for api.openai.com only)',
    )
    .option(
      '--embed-languages <codes>',
      'the languages the model reads, comma-separated (e.g. en): texts in others are ranked lexically (default: all)',
    )
    .option(
      '--embed-offline',
      'the offline English model (memstack/offline-embedder: its optional peer packages, no server, no download)',
    );
}

/**
 * The embedder the flags name; undefined when they name none. `required`: naming none is an error that says what
 * to give.
 */
export function embedderFromFlags(flags: EmbedderFlags, required = false): Embedder | undefined {
  const { embedBaseUrl, embedModel, embedKeyEnv, embedLanguages, embedOffline } = flags;
  if (embedOffline === true) {
    if (embedBaseUrl !== undefined || embedModel !== undefined || embedKeyEnv !== undefined) {
      throw new InvalidArgumentError(
        '--embed-offline names the embedder: leave out --embed-base-url and --embed-model',
      );
    }
    if (embedLanguages !== undefined) {
      throw new InvalidArgumentError("--embed-languages is for a server's model: the offline model reads English");
    }
    return offlineEnglishEmbedder();
  }
  if (embedBaseUrl === undefined && embedModel === undefined) {
    if (embedKeyEnv !== undefined) throw new InvalidArgumentError('--embed-key-env needs --embed-base-url');
    if (embedLanguages !== undefined) throw new InvalidArgumentError('--embed-languages needs --embed-base-url');
    if (required) {
      throw new InvalidArgumentError(
        'name an embedder: --embed-base-url <url> --embed-model <model>, or --embed-offline',
      );
    }
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
  const languages = embedLanguages
    ?.split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return openaiCompatibleEmbedder({
    baseURL: embedBaseUrl,
    model: embedModel,
    ...(apiKey ? { apiKey } : {}),
    ...(languages === undefined ? {} : { languages }),
  });
}
