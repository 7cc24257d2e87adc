import type { AnthropicBlock, AnthropicMessage, OpenaiMessage, OpenFields } from '../../spec/conversation.js';
import { isSystemReminder } from '../text/is-system-reminder.js';

/**
 * The text of a message of the caller's conversation, as memstack stores and searches it: its text blocks (or
 * parts), joined by a blank line. Other blocks (images, tool calls, tool results, thinking) have no text here, and
 * neither have a client's `<system-reminder>` blocks (`isSystemReminder`): they are context, not what was said.
 */
export const conversationText = {
  anthropic: (message: AnthropicMessage): string =>
    typeof message.content === 'string' ? message.content : joinTexts(message.content, 'said'),
  openai: (message: OpenaiMessage): string => saidOrAll(message, 'said'),
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
    const text = saidOrAll(message, 'all');
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

/** 'said': the texts as memory keeps them; 'all': every text, as the prompt costs it. */
type Which = 'said' | 'all';

function saidOrAll(message: OpenaiMessage, which: Which): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? joinTexts(content, which) : '';
}

function joinTexts(blocks: ReadonlyArray<{ type: string }>, which: Which = 'all'): string {
  const texts: string[] = [];
  for (const block of blocks as ReadonlyArray<{ type: string } & OpenFields>) {
    if (block.type !== 'text' || typeof block.text !== 'string' || block.text === '') continue;
    if (which === 'said' && isSystemReminder(block.text)) continue;
    texts.push(block.text);
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
