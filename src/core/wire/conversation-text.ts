import type { AnthropicBlock } from '../../spec/conversation.js';
import { joinTextBlocks } from './join-text-blocks.js';

/**
 * What any format's turn is as memstack stores it. A format's own messages are read in its folder (`WireFormat.read`);
 * these read what every format shares: a reply's blocks (`CollectedReply.content`) and the stand-in for a turn
 * without text.
 */
export const conversationText = {
  /** The text of a reply's blocks, joined by a blank line. */
  blocks: (blocks: readonly AnthropicBlock[]): string => joinTextBlocks(blocks),
  /**
   * A stand-in for a message without text (an image alone), naming its blocks: what the stored turn says was there,
   * e.g. `[image]`.
   */
  placeholder: (types: readonly string[]): string => `[${[...new Set(types)].join(', ') || 'empty'}]`,
};
