import { countTokens } from 'gpt-tokenizer';
import type { Tokenizer } from '../spec/tokenizer.js';

// Special-token strings typed by a user are ordinary text to count, not an error.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The default tokenizer: OpenAI's o200k_base via gpt-tokenizer (pure JavaScript, no download). No local
 * tokenizer matches Claude's exactly; memstack uses these counts for budgets and shares, and providers'
 * `usage` figures for the real ones.
 */
export function o200kTokenizer(): Tokenizer {
  return {
    specificationVersion: 'v1',
    name: 'o200k_base',
    count: (text) => (text === '' ? 0 : countTokens(text, AS_TEXT)),
  };
}
