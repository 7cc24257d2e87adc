/**
 * How many turns on each side of a turn its index document quotes as context. In a chat a topic runs over a few
 * exchanges: what an answer is about ("Three times a week", "She had a tough time") is often said in the question
 * before it or the exchange before that, and a follow-up names what it follows. Two on each side is the exchange
 * before and the exchange after (decision 9).
 */
export const TURN_CONTEXT_REACH = 2;

/**
 * The turns a turn's context quotes: up to `reach` before it and `reach` after it in `turns` (in session order),
 * nearest last before and nearest first after, so the context reads in session order.
 */
export function turnNeighbours<T>(turns: readonly T[], index: number, reach = TURN_CONTEXT_REACH): T[] {
  return [...turns.slice(Math.max(0, index - reach), index), ...turns.slice(index + 1, index + 1 + reach)];
}
