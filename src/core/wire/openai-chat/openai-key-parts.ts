import type { OpenaiMessage, OpenFields } from '../../../spec/conversation.js';
import { dataSize } from '../data-size.js';
import { openaiMessageCost } from './openai-message-cost.js';

/** Where a part's data or address is: `image_url.url`, `input_audio.data`, `file.file_data` or `file.file_id`. */
const DATA_FIELDS = ['data', 'url', 'file_data', 'file_id'];

/**
 * A chat-completions message as a request's key reads it (`requestKey`, decision 26): its role, its text and tool
 * calls as the prompt costs them, then each part without text (an image, audio, a file) as its type and the length of
 * its data or address, not its bytes.
 */
export function openaiKeyParts(message: OpenaiMessage): string[] {
  const { content } = message;
  if (!Array.isArray(content)) return [message.role, openaiMessageCost(message)];
  const parts: string[] = [message.role, openaiMessageCost(message)];
  for (const part of content as ReadonlyArray<{ type: string } & OpenFields>) {
    if (part.type !== 'text')
      parts.push(part.type, dataSize([part.image_url, part.input_audio, part.file, part], DATA_FIELDS));
  }
  return parts;
}
