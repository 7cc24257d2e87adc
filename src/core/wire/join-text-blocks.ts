import { isSystemReminder } from '../text/is-system-reminder.js';

/**
 * 'said': the texts as memory keeps them (a client's `<system-reminder>` left out); 'all': every text, as the prompt
 * costs it.
 */
export type TextsWanted = 'said' | 'all';

/**
 * The texts of a list of `{ type: 'text', text }` blocks, joined by a blank line: the block shape of memstack's replies
 * and of the formats that share it. Other blocks (images, tool calls, thinking) have no text here.
 */
export function joinTextBlocks(blocks: ReadonlyArray<{ type: string }>, which: TextsWanted = 'all'): string {
  const texts: string[] = [];
  for (const block of blocks as ReadonlyArray<{ type: string; text?: unknown }>) {
    if (block.type !== 'text' || typeof block.text !== 'string' || block.text === '') continue;
    if (which === 'said' && isSystemReminder(block.text)) continue;
    texts.push(block.text);
  }
  return texts.join('\n\n');
}
