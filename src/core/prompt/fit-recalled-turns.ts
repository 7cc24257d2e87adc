import type { RecalledTurn } from '../../spec/prepared-turn.js';
import { recallSnippet } from '../search/recall-snippet.js';
import { countGraphemes } from '../text/count-graphemes.js';
import { formatRecalledTurns } from './format-recalled-turns.js';

/** The longest snippet of one turn, in grapheme clusters, however large the budget. */
export const SNIPPET_MAX_GRAPHEMES = 400;
/** A snippet cut shorter than this says too little to be worth its tokens: the turn is dropped instead. */
const SNIPPET_MIN_GRAPHEMES = 24;
/** Tries at shrinking a snippet into its share of the budget before giving up on the turn. */
const ATTEMPTS = 6;

/**
 * The recalled turns as they go into the recap: each cut to a snippet around the message's `terms` (see
 * `recallSnippet`), within `tokenBudget` tokens for the whole section (heading included, as `formatRecalledTurns`
 * renders it and `count` counts it). Candidates come best first: each gets an even share of what is left, so a long
 * first turn cannot crowd out the second; a turn whose snippet cannot fit at a useful length is dropped. The
 * result is oldest first, the order in which it is shown.
 */
export function fitRecalledTurns(
  candidates: readonly RecalledTurn[],
  options: {
    terms: readonly string[];
    tokenBudget: number;
    count: (text: string) => number;
    maxGraphemes?: number;
  },
): RecalledTurn[] {
  const { terms, tokenBudget, count, maxGraphemes = SNIPPET_MAX_GRAPHEMES } = options;
  const chosen: RecalledTurn[] = [];
  let used = 0;
  candidates.forEach((candidate, index) => {
    const allowed = used + Math.floor((tokenBudget - used) / (candidates.length - index));
    if (allowed <= used) return;
    let graphemes = maxGraphemes;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const text = recallSnippet(candidate.text, terms, graphemes);
      if (text === '') return;
      const turns = byAge([...chosen, { ...candidate, text }]);
      const tokens = count(formatRecalledTurns(turns));
      if (tokens <= allowed) {
        chosen.push({ ...candidate, text });
        used = tokens;
        return;
      }
      // Shrink in proportion to the overshoot (the bullet's own words do not shrink: aim a little lower).
      const length = Math.min(graphemes, countGraphemes(text));
      graphemes = Math.min(length - 1, Math.floor(((length * (allowed - used)) / (tokens - used)) * 0.9));
      if (graphemes < SNIPPET_MIN_GRAPHEMES) return;
    }
  });
  return byAge(chosen);
}

function byAge(turns: RecalledTurn[]): RecalledTurn[] {
  return turns.sort((a, b) => a.id - b.id);
}
