import { z } from 'zod';
import type { CompletionResult } from '../../spec/completion-model.js';
import { ModelCallError } from '../../spec/errors/model-call-error.js';
import { mapAnthropicUsage } from './map-anthropic-usage.js';

// The parts of a Messages API reply memstack reads. The SDK returns the JSON as it came; a proxy that speaks the
// format loosely must not crash the reader.
const message = z.object({
  content: z.array(z.looseObject({ type: z.string() })),
  usage: z.unknown().optional(),
});
const textBlock = z.object({ text: z.string() });

/**
 * The text and usage of a non-streaming Messages API reply: the text blocks joined in order (other blocks, such as
 * thinking, are not the answer). A reply of another shape is a `ModelCallError`.
 */
export function readAnthropicMessage(reply: unknown): CompletionResult {
  const parsed = message.safeParse(reply);
  if (!parsed.success) {
    throw new ModelCallError('MODEL_CALL_FAILED', 'the Anthropic API sent a reply that is not a message', {
      cause: parsed.error,
    });
  }
  let text = '';
  for (const block of parsed.data.content) {
    if (block.type !== 'text') continue;
    const parsedBlock = textBlock.safeParse(block);
    if (!parsedBlock.success) {
      throw new ModelCallError('MODEL_CALL_FAILED', 'the Anthropic API sent a text block without text');
    }
    text += parsedBlock.data.text;
  }
  return { text, usage: mapAnthropicUsage(parsed.data.usage) };
}
