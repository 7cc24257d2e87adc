import { z } from 'zod';
import { checkExtractionCall } from '../../core/validation/check-extraction-call.js';
import { checkOptions, functionSchema } from '../../core/validation/check-options.js';
import { parseExtraction } from '../../core/validation/parse-extraction.js';
import type { CompletionModel } from '../../spec/completion-model.js';
import type { Extractor } from '../../spec/extractor.js';
import { dropMalformedSupersedes } from './drop-malformed-supersedes.js';
import { buildExtractionPrompt, EXTRACTION_SYSTEM_PROMPT } from './extraction-prompt.js';
import { parseExtractionJson } from './parse-extraction-json.js';
import { buildSummaryPrompt, SUMMARY_SYSTEM_PROMPT } from './summary-prompt.js';

export interface LlmExtractorOptions {
  /** A cheap model: one call per substantive turn. */
  model: CompletionModel;
  maxTokens?: number;
  /** Output budget of a compression summary. */
  summaryMaxTokens?: number;
}

/**
 * Extraction by a model: ONE call per turn returns the task (first turn), the clarification verdict and the facts
 * together, as JSON validated against a schema. Output that does not validate is an error, and nothing is stored.
 */
const optionsSchema = z.looseObject({
  model: z.looseObject({ complete: functionSchema, provider: z.string(), modelId: z.string() }),
  maxTokens: z.number().int().positive().optional(),
  summaryMaxTokens: z.number().int().positive().optional(),
});

export function llmExtractor(options: LlmExtractorOptions): Extractor {
  checkOptions(optionsSchema, options, 'llmExtractor');
  const { model, maxTokens = 600, summaryMaxTokens = 1200 } = options;
  return {
    specificationVersion: 'v1',
    name: `llm:${model.provider}:${model.modelId}`,
    async extract(input, options) {
      const { signal } = checkExtractionCall(input, options, 'extract');
      const result = await model.complete({
        system: EXTRACTION_SYSTEM_PROMPT,
        prompt: buildExtractionPrompt(input),
        maxTokens,
        signal,
      });
      return parseExtraction(dropMalformedSupersedes(parseExtractionJson(result.text)));
    },
    async summarize(input, options) {
      const { signal } = checkExtractionCall(input, options, 'summarize');
      const result = await model.complete({
        system: SUMMARY_SYSTEM_PROMPT,
        prompt: buildSummaryPrompt(input),
        maxTokens: summaryMaxTokens,
        signal,
      });
      return result.text;
    },
  };
}
