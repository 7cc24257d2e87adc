import { contentShingles } from '../search/fact-similarity.js';

/** Enough shared terms to call a reply on-task: a reply never repeats the whole pin. */
const ON_TASK_TERMS = 6;

export interface Drift {
  /** 0 (the reply uses the task's and facts' terms) to 1 (it shares none of them). */
  score: number;
  /** How many of the anchor terms the reply uses. */
  shared: number;
  /** How many terms the pin and facts have. */
  anchors: number;
}

/**
 * How far a reply strays from the pinned task and the injected facts, lexically: the share of the anchors' content
 * terms (words, CJK bigrams) the reply does not use, counting at most a handful. No model call; a signal for an
 * outer system, not a verdict. Null when there is nothing to drift from.
 */
export function driftScore(reply: string, anchors: { pinned: string | null; facts: readonly string[] }): Drift | null {
  const anchorTerms = contentShingles([anchors.pinned ?? '', ...anchors.facts].join('\n'));
  if (anchorTerms.size === 0) return null;
  const replyTerms = contentShingles(reply);
  let shared = 0;
  for (const term of anchorTerms) if (replyTerms.has(term)) shared += 1;
  const needed = Math.min(anchorTerms.size, ON_TASK_TERMS);
  return { score: 1 - Math.min(1, shared / needed), shared, anchors: anchorTerms.size };
}
