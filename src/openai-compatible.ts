// `memstack/openai-compatible`: OpenAI, Ollama, vLLM, llama.cpp. Needs the optional peer dependency `openai`.

/** A chat-completions or Responses API `usage` as memstack's `Usage` (cached tokens taken out of the input), for `record`. */
export { mapOpenaiCompatibleUsage as fromOpenaiCompatibleUsage } from './core/wire/openai-chat/map-openai-compatible-usage.js';
export {
  type OpenaiCompatibleEmbedderOptions,
  openaiCompatibleEmbedder,
} from './models/openai-compatible/openai-compatible-embedder.js';
export {
  type OpenaiCompatibleModelOptions,
  openaiCompatibleModel,
} from './models/openai-compatible/openai-compatible-model.js';
