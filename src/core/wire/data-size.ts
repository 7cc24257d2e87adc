import type { OpenFields } from '../../spec/conversation.js';

/**
 * The length of a block's data or address: the first string field of `names` found in `holders`, in order (the objects
 * where a format keeps them: Anthropic's `source`, chat completions' `image_url` object, the block itself...). What a
 * request's key reads of an image or a file, not its bytes. Each format names its own holders and fields.
 */
export function dataSize(holders: readonly unknown[], names: readonly string[]): string {
  for (const holder of holders) {
    if (typeof holder !== 'object' || holder === null) continue;
    for (const name of names) {
      const value = (holder as OpenFields)[name];
      if (typeof value === 'string') return `${name}:${value.length}`;
    }
  }
  return '';
}
