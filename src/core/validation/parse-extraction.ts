import { z } from 'zod';
import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';
import type { ExtractedFact, Extraction } from '../../spec/extractor.js';
import { readSearchKeywords } from '../facts/read-search-keywords.js';

/**
 * A fact with search keywords: its text is held to the schema like a plain fact's, its keywords are read leniently
 * (`readSearchKeywords`: a bad keywords field means no keywords, never a failed extraction). Without keywords left,
 * it is its text.
 */
const factWithKeywords = z
  .object({ text: z.string(), keywords: z.unknown().optional() })
  .transform(({ text, keywords }): string | ExtractedFact => {
    const kept = readSearchKeywords(keywords);
    return kept.length > 0 ? { text, keywords: kept } : text;
  });

const extractionSchema = z.object({
  task: z.string().nullish(),
  clarification: z.string().nullish(),
  facts: z
    .array(z.union([z.string(), factWithKeywords]))
    .max(64)
    .optional(),
  supersedes: z.array(z.number().int().nonnegative()).max(64).optional(),
});

/** Validates what an extractor returned; anything else is an `InvalidOutputError`, and nothing of it is used. */
export function parseExtraction(value: unknown): Extraction {
  const parsed = extractionSchema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidOutputError(
      `the extractor's output does not match the extraction schema: ${z.prettifyError(parsed.error)}`,
      excerpt(value),
    );
  }
  return parsed.data;
}

function excerpt(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 200);
  } catch {
    return String(value).slice(0, 200);
  }
}
