import type { PhraseRule } from '../../locales/phrase-rule.js';
import { compileWordList } from './compile-word-list.js';

export type { PhraseRule };

export interface PhraseMatcher {
  /** The first match in `normalized` (a `normalizeForMatching` text), or null. */
  find(normalized: string): { start: number; end: number } | null;
}

// A gap stays inside one sentence, so that two unrelated sentences never make one phrase.
const GAP_CHARACTER = '[^.!?。！？\\n]';
// What may stand before an anchored phrase: opening quotes, brackets, list marks and emphasis.
const LEADING = `[\\s"'「『（(\\[*_#>-]*`;

/**
 * Compiles phrase rules into one matcher. Every gap is bounded and lazy, and each part is a flat alternation, so a
 * match attempt costs at most (gap × parts) steps from each position where the first part matches.
 */
export function createPhraseMatcher(rules: readonly PhraseRule[], options?: { edges?: boolean }): PhraseMatcher {
  const expressions = rules.map((rule) => {
    const gap = `${GAP_CHARACTER}{0,${rule.gap ?? 3}}?`;
    const body = rule.parts.map((part) => compileWordList(part, options)).join(gap);
    const anchor =
      rule.anchor === 'text'
        ? `^${LEADING}`
        : rule.anchor === 'sentence'
          ? `(?:^|[.!?。！？\\n;:；：]\\s*)${LEADING}`
          : '';
    return new RegExp(`${anchor}${body}`);
  });
  return {
    find(normalized) {
      let best: { start: number; end: number } | null = null;
      for (const expression of expressions) {
        const match = expression.exec(normalized);
        if (match && (best === null || match.index < best.start)) {
          best = { start: match.index, end: match.index + match[0].length };
        }
      }
      return best;
    },
  };
}
