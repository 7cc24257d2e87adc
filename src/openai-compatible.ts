// `memstack/openai-compatible`: OpenAI, Ollama, vLLM, llama.cpp. Needs the optional peer dependency `openai`.

export {
  type OpenaiCompatibleModelOptions,
  openaiCompatibleModel,
} from './models/openai-compatible/openai-compatible-model.js';
