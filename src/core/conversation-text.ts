import type { AnthropicBlock, AnthropicMessage, OpenaiMessage, OpenFields } from '../spec/conversation.js';

/**
 * The text of a message of the caller's conversation, as memstack stores and searches it: its text blocks (or
 * parts), joined by a blank line. Other blocks (images, tool calls, tool results, thinking) have no text here.
 */
export const conversationText = {
  anthropic: (message: AnthropicMessage): string =>
    typeof message.content === 'string' ? message.content : joinTexts(message.content),
  openai: (message: OpenaiMessage): string => {
    const { content } = message;
    if (typeof content === 'string') return content;
    return Array.isArray(content) ? joinTexts(content) : '';
  },
  /** The text of a list of Anthropic blocks (a reply's `content`). */
  blocks: (blocks: readonly AnthropicBlock[]): string => joinTexts(blocks),
  /**
   * What a block costs in the prompt, as text: a tool call's name and input, a tool result's content, thinking.
   * Images and documents count as nothing (their tokens are not text tokens).
   */
  anthropicBlockCost: (value: AnthropicBlock): string => {
    const block = value as AnthropicBlock & OpenFields;
    switch (block.type) {
      case 'text':
        return typeof block.text === 'string' ? block.text : '';
      case 'tool_use':
      case 'server_tool_use':
        return `${String(block.name ?? '')} ${stringify(block.input)}`;
      case 'tool_result':
        return typeof block.content === 'string'
          ? block.content
          : Array.isArray(block.content)
            ? joinTexts(block.content as AnthropicBlock[])
            : '';
      case 'thinking':
        return typeof block.thinking === 'string' ? block.thinking : '';
      default:
        return '';
    }
  },
  /** What an OpenAI message costs in the prompt, as text: its text parts and its tool calls' names and arguments. */
  openaiCost: (message: OpenaiMessage): string => {
    const text = conversationText.openai(message);
    const toolCalls = (message as OpenaiMessage & OpenFields).tool_calls;
    const calls: readonly unknown[] = Array.isArray(toolCalls) ? toolCalls : [];
    if (calls.length === 0) return text;
    return [text, ...calls.map(stringify)].filter(Boolean).join('\n');
  },
  /**
   * A stand-in for a message without text (an image alone), naming its blocks: what the stored turn says was there,
   * e.g. `[image]`.
   */
  placeholder: (types: readonly string[]): string => `[${[...new Set(types)].join(', ') || 'empty'}]`,
};

function joinTexts(blocks: ReadonlyArray<{ type: string }>): string {
  const texts: string[] = [];
  for (const block of blocks as ReadonlyArray<{ type: string } & OpenFields>) {
    if (block.type === 'text' && typeof block.text === 'string' && block.text !== '') texts.push(block.text);
  }
  return texts.join('\n\n');
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // A cycle or a BigInt in a caller's tool input: it still costs something, but memstack cannot say what.
    return '';
  }
}
