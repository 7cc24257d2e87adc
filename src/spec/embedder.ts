/**
 * Turns texts into vectors whose cosine says how close their meanings are (off by default: see decision 22). An
 * adapter: `openAICompatibleEmbedder` (`memstack/openai-compatible`), for OpenAI, Ollama, vLLM and llama.cpp.
 */
export interface Embedder {
  readonly specificationVersion: 'v1';
  /** The model's name: vectors are stored with it, and only vectors of the same model are compared. */
  readonly model: string;
  /**
   * The languages the model reads (the locale packs' codes: `en`, `zh`, ...); omitted: every language (a multilingual
   * model). A text in another language, as `textLanguage` tells it (the packs' words and scripts), is never sent to
   * it: the row keeps an empty vector, a mark that it is outside the model (never compared, never asked for again),
   * and a message in another language is ranked lexically. An English model's vectors of Chinese text would rank
   * nonsense above good lexical hits.
   */
  readonly languages?: readonly string[] | undefined;
  /** The length of its vectors, when known before the first call. */
  readonly dimensions?: number | undefined;
  /**
   * One vector per text, in the order given, each of the same length. Rejects with a `MemstackError` (a
   * `ModelCallError` for a failed or timed-out call, an `InvalidOutputError` for a reply that is not vectors).
   */
  embed(texts: readonly string[], options?: { signal?: AbortSignal | undefined }): Promise<Float32Array[] | number[][]>;
}
