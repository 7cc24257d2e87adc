import { parseExtraction } from '../../core/parse-extraction.js';
import type { CompletionModel } from '../../spec/completion-model.js';
import type { Extractor } from '../../spec/extractor.js';
import { buildExtractionPrompt, EXTRACTION_SYSTEM_PROMPT } from './extraction-prompt.js';
import { parseExtractionJson } from './parse-extraction-json.js';

export interface LlmExtractorOptions {
  /** A cheap model: one call per substantive turn. */
  model: CompletionModel;
  maxTokens?: number;
}

/**
 * Extraction by a model: ONE call per turn returns the task (first turn), the clarification verdict and the facts
 * together, as JSON validated against a schema. Output that does not validate is an error, and nothing is stored.
 */
export function llmExtractor(options: LlmExtractorOptions): Extractor {
  const { model, maxTokens = 600 } = options;
  return {
    specificationVersion: 'v1',
    name: `llm:${model.provider}:${model.modelId}`,
    async extract(input, { signal }) {
      const result = await model.complete({
        system: EXTRACTION_SYSTEM_PROMPT,
        prompt: buildExtractionPrompt(input),
        maxTokens,
        signal,
      });
      return parseExtraction(parseExtractionJson(result.text));
    },
  };
}
