import type { OpenaiMessage, OpenFields } from '../../../spec/conversation.js';
import { stringifyInput } from '../stringify-input.js';
import { openaiMessageText } from './openai-message-text.js';

/**
 * What a chat-completions message costs in the prompt, as text: its text parts and its tool calls' names and
 * arguments.
 */
export function openaiMessageCost(message: OpenaiMessage): string {
  const text = openaiMessageText(message, 'all');
  const toolCalls = (message as OpenaiMessage & OpenFields).tool_calls;
  const calls: readonly unknown[] = Array.isArray(toolCalls) ? toolCalls : [];
  if (calls.length === 0) return text;
  return [text, ...calls.map(stringifyInput)].filter(Boolean).join('\n');
}
