import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';
import type { Tokenizer } from '../spec/tokenizer.js';

// Special-token strings typed by a user are ordinary text to count, not an error.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * gpt-tokenizer remembers the merges of up to 100,000 pre-tokens in a Map used as an LRU. Once it is full, every
 * eviction walks over the holes that earlier evictions left at the front of the Map, and counting new text slows
 * down for good, more with every eviction. A pre-token that enters the
 * cache takes at least one UTF-16 unit, so clearing it before 90,000 units have been counted since the last time keeps
 * it from ever evicting (a single longer text still may, within its own call). The cache is the package's, shared
 * with any other user of it in the process: clearing it costs them nothing but a few misses.
 */
const CLEAR_CACHE_AFTER_UNITS = 90_000;
let unitsSinceClear = 0;

/**
 * gpt-tokenizer, loaded on the first count rather than when memstack is imported: loading its o200k ranks takes longer
 * than importing the rest of memstack (`npm run bench -- imports`), which a user who passes their own tokenizer, or
 * imports memstack without counting, should not pay. It is loaded synchronously (`require`, its CommonJS build, in
 * both of memstack's builds) because `Tokenizer.count` is synchronous and runs on the hot path; the one-off cost moves
 * from import to the first count.
 */
let loaded: Pick<typeof GptTokenizer, 'clearMergeCache' | 'countTokens'> | undefined;
function gptTokenizer(): Pick<typeof GptTokenizer, 'clearMergeCache' | 'countTokens'> {
  loaded ??= createRequire(import.meta.url)('gpt-tokenizer') as typeof GptTokenizer;
  return loaded;
}

/**
 * The default tokenizer: OpenAI's o200k_base via gpt-tokenizer (pure JavaScript, no download). No local
 * tokenizer matches Claude's exactly; memstack uses these counts for budgets and shares, and providers'
 * `usage` figures for the real ones. Wrap it in `boundedTokenizer` for text from users: on a long run without
 * spaces it costs time quadratic in the length of the run.
 */
export function o200kTokenizer(): Tokenizer {
  return {
    specificationVersion: 'v1',
    name: 'o200k_base',
    count: (text) => {
      if (text === '') return 0;
      const { clearMergeCache, countTokens } = gptTokenizer();
      if (unitsSinceClear + text.length > CLEAR_CACHE_AFTER_UNITS) {
        clearMergeCache();
        unitsSinceClear = 0;
      }
      unitsSinceClear += text.length;
      return countTokens(text, AS_TEXT);
    },
  };
}
