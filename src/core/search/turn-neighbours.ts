/**
 * How many turns before and after a turn its index document quotes as context. In a chat a topic is set before it is
 * answered: what a reply is about ("Three times a week", "She had a tough time") is said in the question before it,
 * or in the exchange before that; after it, the next message names what it follows up. Two turns before and one
 * after (decision 9). One after, not two, also keeps a turn's context final once the next turn is stored: a new
 * exchange rewrites the context of one turn before it, not two.
 */
export const TURN_CONTEXT_REACH = { before: 2, after: 1 } as const;

/**
 * The turns a turn's context quotes: up to `reach.before` before it and `reach.after` after it in `turns` (in session
 * order), in session order.
 */
export function turnNeighbours<T>(
  turns: readonly T[],
  index: number,
  reach: { before: number; after: number } = TURN_CONTEXT_REACH,
): T[] {
  return [...turns.slice(Math.max(0, index - reach.before), index), ...turns.slice(index + 1, index + 1 + reach.after)];
}
