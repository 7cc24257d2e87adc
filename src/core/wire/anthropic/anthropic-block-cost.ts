import type { AnthropicBlock, OpenFields } from '../../../spec/conversation.js';
import { joinTextBlocks } from '../join-text-blocks.js';
import { stringifyInput } from '../stringify-input.js';

/**
 * What a block costs in the prompt, as text: a tool call's name and input, a tool result's content, thinking.
 * Images and documents count as nothing (their tokens are not text tokens).
 */
export function anthropicBlockCost(value: AnthropicBlock): string {
  const block = value as AnthropicBlock & OpenFields;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'tool_use':
    case 'server_tool_use':
      return `${String(block.name ?? '')} ${stringifyInput(block.input)}`;
    case 'tool_result':
      return typeof block.content === 'string'
        ? block.content
        : Array.isArray(block.content)
          ? joinTextBlocks(block.content as AnthropicBlock[])
          : '';
    case 'thinking':
      return typeof block.thinking === 'string' ? block.thinking : '';
    default:
      return '';
  }
}
