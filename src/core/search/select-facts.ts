/**
 * The facts to inject: best first, at most `topK`, within `tokenBudget` tokens in all. A fact too large for what
 * is left is skipped, and a smaller one after it may still fit.
 */
export function selectFacts<T extends { text: string }>(
  ranked: readonly T[],
  options: { topK: number; tokenBudget: number; count: (text: string) => number },
): T[] {
  const selected: T[] = [];
  let used = 0;
  for (const fact of ranked) {
    if (selected.length >= options.topK) break;
    const tokens = options.count(fact.text);
    if (used + tokens > options.tokenBudget) continue;
    selected.push(fact);
    used += tokens;
  }
  return selected;
}
