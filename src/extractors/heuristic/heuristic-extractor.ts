import { z } from 'zod';
import { checkExtractionCall } from '../../core/validation/check-extraction-call.js';
import { checkOptions } from '../../core/validation/check-options.js';
import type { Extraction, ExtractionInput, Extractor } from '../../spec/extractor.js';
import { distillClarification } from './distill-clarification.js';
import { distillTask } from './distill-task.js';
import { extractFacts } from './extract-facts.js';
import { summarizeTurns } from './summarize-turns.js';

export interface HeuristicExtractorOptions {
  /** Most facts per exchange, 0 to 4 (default 4). */
  maxFacts?: number | undefined;
  /** Cap on the distilled task, in grapheme clusters (default 600). */
  maxTaskLength?: number | undefined;
  /** Cap on a clarification, the question it answers quoted with the answer, in grapheme clusters (default 300). */
  maxAnswerLength?: number | undefined;
}

const MOST_FACTS = 4;

/**
 * An offline, zero-cost extractor: sentence rules for tasks, clarifications and facts in English, Chinese and
 * Japanese. It needs no model, so memstack works without one, and in tests.
 */
const optionsSchema = z
  .looseObject({
    maxFacts: z.number().optional(),
    maxTaskLength: z.number().int().positive().optional(),
    maxAnswerLength: z.number().int().positive().optional(),
  })
  .optional();

export function heuristicExtractor(options: HeuristicExtractorOptions = {}): Extractor {
  checkOptions(optionsSchema, options, 'heuristicExtractor');
  const maxFacts = Math.max(0, Math.min(MOST_FACTS, Math.floor(options.maxFacts ?? MOST_FACTS)));
  const maxTaskLength = options.maxTaskLength ?? 600;
  const maxAnswerLength = options.maxAnswerLength ?? 300;
  return {
    specificationVersion: 'v1',
    name: 'heuristic',
    async extract(input: ExtractionInput, options: { signal: AbortSignal }): Promise<Extraction> {
      const { signal } = checkExtractionCall(input, options, 'extract');
      signal.throwIfAborted();
      const extraction: Extraction = {};
      if (input.taskSource !== null) {
        extraction.task = distillTask(input.taskSource, {
          maxLength: maxTaskLength,
          fallbackLength: Math.min(300, maxTaskLength),
        });
      }
      signal.throwIfAborted();
      if (input.question !== null) {
        extraction.clarification = distillClarification(input.question, input.userText, {
          maxQuestionLength: 200,
          maxAnswerLength,
        });
      }
      signal.throwIfAborted();
      if (input.wantFacts) {
        const facts = extractFacts(input.userText, { maxFacts });
        // No `supersedes`: what these facts replace is the stack's policy's to decide (its word rules are the ones
        // this extractor would apply), and an extractor that answers it is trusted over them.
        extraction.facts = facts;
      }
      return extraction;
    },
    async summarize(input, options) {
      const { signal } = checkExtractionCall(input, options, 'summarize');
      signal.throwIfAborted();
      return summarizeTurns(input);
    },
  };
}
