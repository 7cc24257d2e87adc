import type { OpenaiMessage } from '../../../spec/conversation.js';
import { joinTextBlocks, type TextsWanted } from '../join-text-blocks.js';

/**
 * The text of a chat-completions message: its content string, or its text parts joined by a blank line. 'said' (as
 * memstack stores and searches it) leaves out a client's `<system-reminder>` parts; 'all' keeps every text, as the
 * prompt costs it.
 */
export function openaiMessageText(message: OpenaiMessage, which: TextsWanted = 'said'): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? joinTextBlocks(content, which) : '';
}
