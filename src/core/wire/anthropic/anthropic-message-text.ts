import type { AnthropicMessage } from '../../../spec/conversation.js';
import { joinTextBlocks } from '../join-text-blocks.js';

/**
 * The text of an Anthropic message, as memstack stores and searches it: its text blocks, joined by a blank line.
 * Other blocks (images, tool calls, tool results, thinking) have no text here, and neither have a client's
 * `<system-reminder>` blocks: they are context, not what was said.
 */
export function anthropicMessageText(message: AnthropicMessage): string {
  return typeof message.content === 'string' ? message.content : joinTextBlocks(message.content, 'said');
}
