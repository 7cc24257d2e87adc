import { z } from 'zod';
import { checkExtractionCall } from '../../core/validation/check-extraction-call.js';
import { checkOptions, functionSchema } from '../../core/validation/check-options.js';
import { parseExtraction } from '../../core/validation/parse-extraction.js';
import type { CompletionModel } from '../../spec/completion-model.js';
import type { Extraction, Extractor } from '../../spec/extractor.js';
import { dropMalformedSupersedes } from './drop-malformed-supersedes.js';
import {
  buildExtractionPrompt,
  EXTRACTION_SYSTEM_PROMPT,
  EXTRACTION_SYSTEM_PROMPT_WITH_KEYWORDS,
} from './extraction-prompt.js';
import { parseExtractionJson } from './parse-extraction-json.js';
import { buildSummaryPrompt, SUMMARY_SYSTEM_PROMPT } from './summary-prompt.js';

export interface LlmExtractorOptions {
  /** A cheap model: one call per substantive turn. */
  model: CompletionModel;
  /** Output budget of an extraction: 600, or 800 with `searchKeywords` (the keywords are a longer reply). */
  maxTokens?: number;
  /** Output budget of a compression summary. */
  summaryMaxTokens?: number;
  /**
   * Ask for a few search keywords with each fact (synonyms, the category, the general term), indexed at the weight of
   * the fact's context so that "Maria's new pup, Shadow" is found by "puppy" (decision 32). Off by default: the
   * prompt and the reply are then as they have always been.
   */
  searchKeywords?: boolean;
}

/**
 * Extraction by a model: ONE call per turn returns the task (first turn), the clarification verdict and the facts
 * together, as JSON validated against a schema. Output that does not validate is an error, and nothing is stored.
 */
const optionsSchema = z.looseObject({
  model: z.looseObject({ complete: functionSchema, provider: z.string(), modelId: z.string() }),
  maxTokens: z.number().int().positive().optional(),
  summaryMaxTokens: z.number().int().positive().optional(),
  searchKeywords: z.boolean().optional(),
});

export function llmExtractor(options: LlmExtractorOptions): Extractor {
  checkOptions(optionsSchema, options, 'llmExtractor');
  const { model, searchKeywords = false, summaryMaxTokens = 1200 } = options;
  const maxTokens = options.maxTokens ?? (searchKeywords ? 800 : 600);
  const system = searchKeywords ? EXTRACTION_SYSTEM_PROMPT_WITH_KEYWORDS : EXTRACTION_SYSTEM_PROMPT;
  return {
    specificationVersion: 'v1',
    name: `llm:${model.provider}:${model.modelId}`,
    async extract(input, options) {
      const { signal } = checkExtractionCall(input, options, 'extract');
      const result = await model.complete({
        system,
        prompt: buildExtractionPrompt(input),
        maxTokens,
        signal,
      });
      const extraction = parseExtraction(dropMalformedSupersedes(parseExtractionJson(result.text)));
      return searchKeywords ? extraction : withoutKeywords(extraction);
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

/** Keywords a model wrote unasked are not indexed: with the option off, each fact is its text only. */
function withoutKeywords(extraction: Extraction): Extraction {
  if (extraction.facts === undefined) return extraction;
  return { ...extraction, facts: extraction.facts.map((fact) => (typeof fact === 'string' ? fact : fact.text)) };
}
