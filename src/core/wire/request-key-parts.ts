import type { AnthropicBlock, AnthropicMessage, OpenaiMessage, OpenFields } from '../../spec/conversation.js';
import { conversationText } from './conversation-text.js';

/**
 * A message as a request's key reads it (`requestKey`, decision 26): its role, then each block's (or part's) type
 * and text as the prompt costs it (text, a tool call's name and input, a tool result, thinking). A block without
 * text (an image, a document, audio) gives the length of its data or address, not its bytes: hashing a screenshot
 * on every call would cost more than the rest of the turn.
 */
export const requestKeyParts = {
  anthropic: (message: AnthropicMessage): string[] => {
    if (typeof message.content === 'string') return [message.role, 'text', message.content];
    const parts: string[] = [message.role];
    for (const block of message.content) {
      parts.push(block.type, conversationText.anthropicBlockCost(block) || sizeOf(block));
    }
    return parts;
  },
  openai: (message: OpenaiMessage): string[] => {
    const { content } = message;
    if (!Array.isArray(content)) return [message.role, conversationText.openaiCost(message)];
    const parts: string[] = [message.role, conversationText.openaiCost(message)];
    for (const part of content as ReadonlyArray<{ type: string } & OpenFields>) {
      if (part.type !== 'text') parts.push(part.type, sizeOf(part));
    }
    return parts;
  },
};

/** The length of a block's data or address, wherever its format keeps it. */
function sizeOf(block: AnthropicBlock | OpenFields): string {
  const fields = block as OpenFields;
  const holders = [fields.source, fields.image_url, fields.input_audio, fields.file, fields];
  for (const holder of holders) {
    if (typeof holder !== 'object' || holder === null) continue;
    for (const name of ['data', 'url', 'file_data', 'file_id']) {
      const value = (holder as OpenFields)[name];
      if (typeof value === 'string') return `${name}:${value.length}`;
    }
  }
  return '';
}
