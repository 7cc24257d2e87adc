import { readSearchKeywords } from './read-search-keywords.js';

/**
 * A fact's search keywords as a store keeps them and `buildFactDocument` reads them: read again
 * (`readSearchKeywords`, whoever wrote the `NewFact`), one a line (none holds a line break); null when none is left.
 */
export function storedSearchKeywords(keywords: unknown): string | null {
  const kept = readSearchKeywords(keywords);
  return kept.length > 0 ? kept.join('\n') : null;
}
