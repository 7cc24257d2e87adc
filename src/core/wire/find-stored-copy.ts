import type { ExchangeIds, ExchangeOnce, TurnRecord } from '../../spec/memory-store.js';

/**
 * The exchange among a session's turns (oldest first) that this request was stored in already (`ExchangeWrite.once`,
 * decision 26): a user turn with the request's key, answered by the next turn, stored after `afterTurnId` or at or
 * after `since`. The stores decide the same in their write; this reads it from a session as read, so that `decorate`
 * can say that a retried call was recorded (`alreadyRecorded`) before it is sent.
 */
export function findStoredCopy(turns: readonly TurnRecord[], once: ExchangeOnce): ExchangeIds | undefined {
  for (const [index, turn] of turns.entries()) {
    if (turn.role !== 'user' || turn.requestKey !== once.key) continue;
    if (turn.id <= once.afterTurnId && turn.createdAt < once.since) continue;
    const reply = turns[index + 1];
    if (reply?.role === 'assistant') return { userTurnId: turn.id, assistantTurnId: reply.id };
  }
  return undefined;
}
