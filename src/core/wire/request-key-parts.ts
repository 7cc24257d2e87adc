import type { AnthropicMessage, OpenaiMessage, OpenFields } from '../../spec/conversation.js';
import { conversationText } from './conversation-text.js';
import { dataSize } from './data-size.js';

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
      parts.push(block.type, conversationText.anthropicBlockCost(block) || dataSize(block as OpenFields));
    }
    return parts;
  },
  openai: (message: OpenaiMessage): string[] => {
    const { content } = message;
    if (!Array.isArray(content)) return [message.role, conversationText.openaiCost(message)];
    const parts: string[] = [message.role, conversationText.openaiCost(message)];
    for (const part of content as ReadonlyArray<{ type: string } & OpenFields>) {
      if (part.type !== 'text') parts.push(part.type, dataSize(part));
    }
    return parts;
  },
};
