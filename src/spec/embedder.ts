/**
 * Turns texts into vectors whose cosine says how close their meanings are (off by default: see decision 22). An
 * adapter: `openAICompatibleEmbedder` (`memstack/openai-compatible`), for OpenAI, Ollama, vLLM and llama.cpp.
 */
export interface Embedder {
  readonly specificationVersion: 'v1';
  /** The model's name: vectors are stored with it, and only vectors of the same model are compared. */
  readonly model: string;
  /** The length of its vectors, when known before the first call. */
  readonly dimensions?: number | undefined;
  /**
   * One vector per text, in the order given, each of the same length. Rejects with a `MemstackError` (a
   * `ModelCallError` for a failed or timed-out call, an `InvalidOutputError` for a reply that is not vectors).
   */
  embed(texts: readonly string[], options?: { signal?: AbortSignal | undefined }): Promise<Float32Array[] | number[][]>;
}
