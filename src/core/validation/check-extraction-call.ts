import { z } from 'zod';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';

const nullableText = z.string().nullable();
const extractionInputSchema = z.looseObject({
  userText: z.string(),
  assistantText: z.string(),
  taskSource: nullableText,
  question: nullableText,
  pinned: nullableText,
  knownFacts: z.array(z.looseObject({ id: z.number(), text: z.string() })),
  wantFacts: z.boolean(),
});
const summaryInputSchema = z.looseObject({
  previousSummary: nullableText,
  turns: z.array(z.looseObject({ role: z.enum(['user', 'assistant']), text: z.string() })),
  pinned: nullableText,
});
const callOptionsSchema = z.looseObject({ signal: z.instanceof(AbortSignal) });

/**
 * What an extractor is called with, checked: an extractor is public, so a caller may call it directly with anything,
 * and must get a typed error rather than a `TypeError` from inside. Returns the signal.
 */
export function checkExtractionCall(
  input: unknown,
  options: unknown,
  kind: 'extract' | 'summarize',
): { signal: AbortSignal } {
  const schema = kind === 'extract' ? extractionInputSchema : summaryInputSchema;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'input', `${kind}: ${z.prettifyError(parsed.error)}`);
  }
  const call = callOptionsSchema.safeParse(options);
  if (!call.success)
    throw new InvalidInputError('INVALID_ARGUMENT', 'options', `${kind} takes { signal: AbortSignal }`);
  return { signal: call.data.signal };
}
