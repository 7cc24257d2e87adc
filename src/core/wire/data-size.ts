import type { OpenFields } from '../../spec/conversation.js';

/**
 * The length of a block's data or address, wherever its format keeps it (Anthropic's `source`, chat completions'
 * `image_url` object, the Responses API's `image_url` string...): what a request's key reads of an image or a file,
 * not its bytes.
 */
export function dataSize(block: OpenFields): string {
  const holders = [block.source, block.image_url, block.input_audio, block.file, block];
  for (const holder of holders) {
    if (typeof holder !== 'object' || holder === null) continue;
    for (const name of ['data', 'url', 'file_data', 'file_id', 'image_url', 'file_url']) {
      const value = (holder as OpenFields)[name];
      if (typeof value === 'string') return `${name}:${value.length}`;
    }
  }
  return '';
}
