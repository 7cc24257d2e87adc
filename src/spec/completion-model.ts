import type { Usage } from './usage.js';

export interface CompletionRequest {
  system?: string | undefined;
  prompt: string;
  maxTokens?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface CompletionResult {
  text: string;
  usage?: Usage | undefined;
}

/** The minimal model port the LLM extractor needs: one prompt in, text out. Model adapters implement it. */
export interface CompletionModel {
  readonly specificationVersion: 'v1';
  readonly provider: string;
  readonly modelId: string;
  complete(request: CompletionRequest): Promise<CompletionResult>;
}
