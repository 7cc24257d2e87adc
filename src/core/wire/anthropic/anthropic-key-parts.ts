import type { AnthropicMessage, OpenFields } from '../../../spec/conversation.js';
import { dataSize } from '../data-size.js';
import { anthropicBlockCost } from './anthropic-block-cost.js';

/** Where an image's or a document's data or address is: `source.data` (base64 or text), `source.url`, `file_id`. */
const DATA_FIELDS = ['data', 'url', 'file_id'];

/**
 * An Anthropic message as a request's key reads it (`requestKey`, decision 26): its role, then each block's type and
 * text as the prompt costs it (text, a tool call's name and input, a tool result, thinking). A block without text (an
 * image, a document) gives the length of its data or address, not its bytes: hashing a screenshot on every call
 * would cost more than the rest of the turn.
 */
export function anthropicKeyParts(message: AnthropicMessage): string[] {
  if (typeof message.content === 'string') return [message.role, 'text', message.content];
  const parts: string[] = [message.role];
  for (const block of message.content) {
    const fields = block as OpenFields;
    parts.push(block.type, anthropicBlockCost(block) || dataSize([fields.source, fields], DATA_FIELDS));
  }
  return parts;
}
