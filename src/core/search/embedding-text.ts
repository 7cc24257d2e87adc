import { truncateGraphemes } from '../text/truncate-graphemes.js';

/**
 * The most of a text an embedder is given: embedding models read 512 to 8,192 tokens, and a Chinese or Japanese
 * character can be a token of its own, so 2,000 clusters fit every common model. A long turn's vector is its head's.
 */
export const EMBEDDING_MAX_GRAPHEMES = 2000;

/** What of `text` is embedded: its head, never a split cluster; a blank text becomes a single space (never ""). */
export function embeddingText(text: string): string {
  const head = truncateGraphemes(text.trim(), EMBEDDING_MAX_GRAPHEMES, { ellipsis: '' });
  return head === '' ? ' ' : head;
}
